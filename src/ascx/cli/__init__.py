"""Command-line tools: ``ascx`` (compile kernels) and ``ascx-opt`` (run passes on IR)."""
