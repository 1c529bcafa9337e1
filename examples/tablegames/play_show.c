/* Drawing a state for a terminal: board, events and legal moves. */
#include "play.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

tg_status play_show_board(const tg_state *st, int viewer)
{
    char *text = NULL;
    size_t len = 0;
    tg_status s = tg_state_to_text(st, viewer, &text, &len);
    if (s != TG_OK)
        return s;
    fwrite(text, 1, len, stdout);
    if (len == 0 || text[len - 1] != '\n')
        putchar('\n');
    tg_free(text);
    return TG_OK;
}

void play_print_wrapped(const char *indent, const char *text)
{
    enum { WIDTH = 78 };
    size_t lead = strlen(indent), len = strlen(text);
    int first = 1;
    while (len > 0) {
        size_t room = WIDTH - lead - (first ? 0 : 2), cut = len;
        if (len > room) {
            cut = room;
            while (cut > 0 && text[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = room;
        }
        printf("%s%s%.*s\n", indent, first ? "" : "  ", (int)cut, text);
        while (cut < len && text[cut] == ' ')
            cut++;
        text += cut;
        len -= cut;
        first = 0;
    }
}

/* An event is shown as its "text" when the game gives one, else as its
 * "type" followed by key=value for every other member. */
static void play_print_event(const json_t *ev, const char *indent)
{
    const char *key;
    json_t *value;
    const json_t *text = json_object_get(ev, "text");
    const json_t *type = json_object_get(ev, "type");

    if (json_is_string(text)) {
        play_print_wrapped(indent, json_string_value(text));
        return;
    }
    fputs(indent, stdout);
    if (!json_is_object(ev)) {
        char *dump = json_dumps(ev, JSON_COMPACT | JSON_ENCODE_ANY);
        printf("%s\n", dump != NULL ? dump : "?");
        free(dump);
        return;
    }
    fputs(json_is_string(type) ? json_string_value(type) : "event", stdout);
    json_object_foreach((json_t *)ev, key, value) {
        if (strcmp(key, "type") == 0)
            continue;
        if (json_is_string(value)) {
            printf(" %s=%s", key, json_string_value(value));
        } else {
            char *dump = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
            printf(" %s=%s", key, dump != NULL ? dump : "?");
            free(dump);
        }
    }
    putchar('\n');
}

/* The viewer's events of the last decision, parsed; NULL on failure. */
static json_t *play_events(const tg_state *st, int viewer)
{
    char *text = NULL;
    size_t len = 0;
    json_error_t error;
    json_t *events;
    if (tg_state_events_json(st, viewer, &text, &len) != TG_OK)
        return NULL;
    events = json_loadb(text, len, 0, &error);
    tg_free(text);
    if (!json_is_array(events)) {
        json_decref(events);
        return NULL;
    }
    return events;
}

tg_status play_show_events(const tg_state *st, int viewer, const char *indent)
{
    size_t i;
    json_t *ev;
    json_t *events = play_events(st, viewer);
    if (events == NULL)
        return TG_E_PARSE;
    json_array_foreach(events, i, ev)
        play_print_event(ev, indent);
    json_decref(events);
    return TG_OK;
}

void play_events_line(const tg_state *st, int viewer, char *buf, size_t cap)
{
    size_t i, used = 0;
    json_t *ev;
    json_t *events = play_events(st, viewer);
    buf[0] = '\0';
    if (events == NULL)
        return;
    json_array_foreach(events, i, ev) {
        const char *text = json_string_value(json_object_get(ev, "text"));
        const char *type = json_string_value(json_object_get(ev, "type"));
        int n = snprintf(buf + used, cap - used, "%s%s", used > 0 ? " " : "",
                         text != NULL ? text : type != NULL ? type : "?");
        if (n < 0 || (size_t)n >= cap - used)
            break;
        used += (size_t)n;
    }
    json_decref(events);
}

/* Non-zero when viewer's events of the last decision are the referee's. */
static int play_sees_all(const tg_state *st, int viewer)
{
    json_t *mine = play_events(st, viewer);
    json_t *all = play_events(st, TG_VIEW_OMNISCIENT);
    int same = mine != NULL && all != NULL && json_equal(mine, all);
    json_decref(mine);
    json_decref(all);
    return same;
}

int play_decision_seen(const tg_state *st, int viewer)
{
    /* The public viewer's events are what the whole table saw. */
    return viewer == TG_VIEW_OMNISCIENT || play_sees_all(st, viewer);
}

const char *play_hidden_text(int viewer, char *buf, size_t cap)
{
    if (viewer == PLAY_VIEW_TABLE)
        snprintf(buf, cap, "(hidden)");
    else
        snprintf(buf, cap, "(hidden from player %d)", viewer);
    return buf;
}

const char *play_decision_text(const tg_state *st, int viewer, const char *text, char *buf,
                               size_t cap)
{
    return play_decision_seen(st, viewer) ? text : play_hidden_text(viewer, buf, cap);
}

void play_move_text(const tg_state *st, tg_move move, char *buf, size_t cap)
{
    if (tg_state_move_text(st, move, buf, cap, NULL) != TG_OK)
        snprintf(buf, cap, "#%u", (unsigned)move);
}

const char *play_seat_name(int seat, char *buf, size_t cap)
{
    if (seat >= 0)
        snprintf(buf, cap, "player %d", seat);
    else
        snprintf(buf, cap, "%s", seat == TG_PLAYER_CHANCE ? "chance" : "game over");
    return buf;
}
