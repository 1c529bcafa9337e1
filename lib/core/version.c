#include "boardgames/version.h"

unsigned tg_version_number(void)
{
    return TG_VERSION_NUMBER;
}

const char *tg_version_string(void)
{
    return TG_VERSION_STRING;
}

void tg_version(int *major, int *minor, int *patch)
{
    if (major)
        *major = TG_VERSION_MAJOR;
    if (minor)
        *minor = TG_VERSION_MINOR;
    if (patch)
        *patch = TG_VERSION_PATCH;
}
