#include "boardgames/common.h"

typedef struct status_row {
    tg_status status;
    const char *name;
    const char *text;
} status_row;

static const status_row rows[] = {
    {TG_OK, "TG_OK", "success"},
    {TG_E_INVALID_ARGUMENT, "TG_E_INVALID_ARGUMENT", "invalid argument"},
    {TG_E_UNKNOWN_GAME, "TG_E_UNKNOWN_GAME", "unknown game"},
    {TG_E_BAD_OPTION, "TG_E_BAD_OPTION", "bad option"},
    {TG_E_ILLEGAL_MOVE, "TG_E_ILLEGAL_MOVE", "illegal move"},
    {TG_E_WRONG_PHASE, "TG_E_WRONG_PHASE", "not possible at this point of the game"},
    {TG_E_BUFFER_TOO_SMALL, "TG_E_BUFFER_TOO_SMALL", "buffer too small"},
    {TG_E_PARSE, "TG_E_PARSE", "could not parse the text"},
    {TG_E_CORRUPT, "TG_E_CORRUPT", "corrupt or inconsistent saved data"},
    {TG_E_VERSION, "TG_E_VERSION", "unsupported format version"},
    {TG_E_MISMATCH, "TG_E_MISMATCH", "handles belong to different games"},
    {TG_E_NO_MEMORY, "TG_E_NO_MEMORY", "out of memory"},
    {TG_E_NOTHING_TO_UNDO, "TG_E_NOTHING_TO_UNDO", "nothing to undo"},
    {TG_E_TOO_LARGE, "TG_E_TOO_LARGE", "input too large"},
};

static const status_row *find(tg_status s)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].status == s)
            return &rows[i];
    return NULL;
}

const char *tg_status_text(tg_status status)
{
    const status_row *r = find(status);
    return r ? r->text : "unknown status";
}

const char *tg_status_name(tg_status status)
{
    const status_row *r = find(status);
    return r ? r->name : "TG_E_UNKNOWN";
}
