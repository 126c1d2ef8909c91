"""The MM rules: the asynchronous Matmul protocol (docs/rules/matmul.md, docs/matmul-protocol.md).

- :mod:`~ascx.analysis.matmul.state`: what the analysis knows about each Matmul object;
- :mod:`~ascx.analysis.matmul.protocol`: :class:`~ascx.analysis.matmul.protocol.MatmulProtocolAnalysis`,
  the walk, the lattice and the object lifecycle (MM-0, MM-13, MM-14);
- :mod:`~ascx.analysis.matmul.roles`: which function handles each kind of Matmul call;
- :mod:`~ascx.analysis.matmul.calls`: setters, the workspace, computations and fetches (MM-7, MM-8,
  MM-10, MM-12, MM-15, MM-17 ... MM-19, MM-28, MM-31);
- :mod:`~ascx.analysis.matmul.completion`: waits, ``end()`` and the kernel's exit (MM-2 ... MM-6, MM-11,
  MM-16);
- :mod:`~ascx.analysis.matmul.accesses`: accesses to the outputs and inputs of pending work (MM-1, MM-9);
- :mod:`~ascx.analysis.matmul.iterate_loops`: the shape of ``with mm.iterate()`` loops (MM-11, MM-29);
- :mod:`~ascx.analysis.matmul.workspace_size`: how many bytes an asynchronous iteration writes (MM-19).
"""
