// zlib, for inflating the entries of an Apple Health export.zip in pull mode (VitalsImport's
// ZipEntryReader). Debian: zlib1g-dev; Apple platforms: the SDK's zlib.
#ifndef VITALS_ZLIB_SHIM_H
#define VITALS_ZLIB_SHIM_H
#include <zlib.h>
#endif
