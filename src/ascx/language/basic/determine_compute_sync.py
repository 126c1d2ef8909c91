"""pyasc's ``asc.language.basic.determine_compute_sync``: the block chain ``wait_pre_block`` /
``notify_next_block`` (the functions live in ``ascx.language.basic.block_sync``)."""

from ascx.language.basic.block_sync import notify_next_block, wait_pre_block

__all__ = ["notify_next_block", "wait_pre_block"]
