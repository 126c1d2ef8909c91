// ascx CANN backend: cube intrinsics (filled in below)
#pragma once
