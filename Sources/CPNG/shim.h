#ifndef ROSTER_CPNG_SHIM_H
#define ROSTER_CPNG_SHIM_H

// Debian's libpng (libpng-dev), used through its simplified API: the
// whole image decoded to 8-bit RGBA from memory, errors reported as a
// message rather than by longjmp into the caller.

#include <png.h>

// PNG_IMAGE_VERSION and PNG_FORMAT_RGBA are macros built from other
// macros, which Swift does not import; these give it their values.
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }

// libpng's reason for a failure, as a C string (Swift sees the array
// inside png_image as a tuple).
static inline const char *cpng_message(const png_image *image) { return image->message; }

#endif
