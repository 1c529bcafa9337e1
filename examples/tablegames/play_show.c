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

/* An event is shown as its "text" when the game gives one, else as its
 * "type" followed by key=value for every other member. */
static void play_print_event(const json_t *ev, const char *indent)
{
    const char *key;
    json_t *value;
    const json_t *text = json_object_get(ev, "text");
    const json_t *type = json_object_get(ev, "type");

    fputs(indent, stdout);
    if (json_is_string(text)) {
        printf("%s\n", json_string_value(text));
        return;
    }
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

tg_status play_show_events(const tg_state *st, int viewer, const char *indent)
{
    char *text = NULL;
    size_t len = 0;
    json_error_t error;
    json_t *events;
    size_t i;
    json_t *ev;
    tg_status s = tg_state_events_json(st, viewer, &text, &len);

    if (s != TG_OK)
        return s;
    events = json_loadb(text, len, 0, &error);
    tg_free(text);
    if (!json_is_array(events)) {
        json_decref(events);
        return TG_E_PARSE;
    }
    json_array_foreach(events, i, ev)
        play_print_event(ev, indent);
    json_decref(events);
    return TG_OK;
}

/* Non-zero when viewer's events of the last decision are the referee's. */
static int play_sees_all(const tg_state *st, int viewer)
{
    char *mine = NULL, *all = NULL;
    int same = tg_state_events_json(st, viewer, &mine, NULL) == TG_OK &&
               tg_state_events_json(st, TG_VIEW_OMNISCIENT, &all, NULL) == TG_OK &&
               strcmp(mine, all) == 0;
    tg_free(mine);
    tg_free(all);
    return same;
}

const char *play_decision_text(const tg_state *st, int viewer, const char *text)
{
    int shown = 1;
    if (viewer == PLAY_VIEW_TABLE) {
        for (int p = 0; p < tg_game_players(tg_state_game(st)) && shown; p++)
            shown = play_sees_all(st, p);
    } else if (viewer != TG_VIEW_OMNISCIENT) {
        shown = play_sees_all(st, viewer);
    }
    return shown ? text : "(hidden)";
}

void play_move_text(const tg_state *st, tg_move move, char *buf, size_t cap)
{
    if (tg_state_move_text(st, move, buf, cap, NULL) != TG_OK)
        snprintf(buf, cap, "#%u", (unsigned)move);
}

void play_show_moves(const tg_state *st, const tg_move *moves, size_t count)
{
    enum { LINE = 78, MAX_TEXT = 64 };
    char text[MAX_TEXT];
    char item[MAX_TEXT + 32];
    int width = 0, per_line;

    /* Columns as wide as the longest entry, as many as fit a line. */
    for (size_t i = 0; i < count; i++) {
        play_move_text(st, moves[i], text, sizeof text);
        int w = snprintf(item, sizeof item, "%3zu) %s", i + 1, text) + 2;
        if (w > width)
            width = w;
    }
    per_line = width > 0 && width < LINE ? LINE / width : 1;
    for (size_t i = 0; i < count; i++) {
        play_move_text(st, moves[i], text, sizeof text);
        snprintf(item, sizeof item, "%3zu) %s", i + 1, text);
        if ((i + 1) % (size_t)per_line == 0 || i + 1 == count)
            printf("%s\n", item);
        else
            printf("%-*s", width, item);
    }
}

const char *play_seat_name(int seat, char *buf, size_t cap)
{
    if (seat >= 0)
        snprintf(buf, cap, "player %d", seat);
    else
        snprintf(buf, cap, "%s", seat == TG_PLAYER_CHANCE ? "chance" : "game over");
    return buf;
}
