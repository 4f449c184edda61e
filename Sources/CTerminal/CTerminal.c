#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CTerminal.h"

int cterminal_wcwidth(uint32_t scalar) {
    return wcwidth((wchar_t)scalar);
}
