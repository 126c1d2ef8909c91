"""Enumerations of the cube-level API (matrix loads, ``Mmad``, ``Fixpipe``, AIPP), with pyasc 1.1.1's
Python values.  C++ spells every enumerator by name (``QuantMode_t::F322F16``,
``AscendC::CO2Layout::ROW_MAJOR``), so only the Python numbering has to match pyasc's.
``Hardware``, ``BlockMode`` and ``pad_t`` are the system enums' (``ascx.language.core.system_enums``).
All are defined once, in ``ascx.enums`` (the dialect uses them too), and re-exported here.
"""

from ascx.enums import AippInputFormat as AippInputFormat, CO2Layout as CO2Layout, QuantModes as QuantModes
from ascx.language.core.system_enums import BlockMode, Hardware, pad_t

__all__ = ["AippInputFormat", "BlockMode", "CO2Layout", "Hardware", "QuantModes", "pad_t"]
