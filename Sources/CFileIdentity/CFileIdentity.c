#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include "CFileIdentity.h"

#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT 0x00002000
#endif

int cfileidentity_is_mount_root(const char *path) {
    struct statx status;
    if (statx(AT_FDCWD, path, 0, STATX_TYPE, &status) != 0) return -1;
    if (!(status.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT)) return -1;
    return (status.stx_attributes & STATX_ATTR_MOUNT_ROOT) ? 1 : 0;
}
