#ifndef ROSTER_CFILEIDENTITY_H
#define ROSTER_CFILEIDENTITY_H

/// Whether `path` is the root of a mount of its own (a bind mount of a
/// single file, as a container's volume of one file makes): 1 if so, 0 if
/// not, -1 when the kernel cannot tell (statx(2) without
/// STATX_ATTR_MOUNT_ROOT, before Linux 5.8) or the path cannot be read.
/// Swift's Glibc module does not export statx.
int cfileidentity_is_mount_root(const char *path);

#endif
