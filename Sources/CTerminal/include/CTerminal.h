#ifndef ROSTER_CTERMINAL_H
#define ROSTER_CTERMINAL_H

#include <stdint.h>
#include "TerminalSignals.h"

/// The C library's wcwidth(3), which Swift's Glibc module does not export
/// (glibc declares it only under _XOPEN_SOURCE).
int cterminal_wcwidth(uint32_t scalar);

#endif
