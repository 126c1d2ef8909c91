// ascx CANN backend: the SIMT part of the CPU-debug library; nothing of it is reached on Atlas A2 (2201).
#pragma once
