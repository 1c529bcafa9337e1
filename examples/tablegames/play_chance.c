/* Chance at a real table (tablegames play --chance table): which chance
 * points the people at the keyboard are asked about, and the words they
 * may answer in.
 *
 * A shared terminal is watched by every seat, so only an outcome the whole
 * table may know is typed in (a die, the wheel, what came out of the
 * cauldron). One that the rules hide from a seat (Bewitched's magnets and
 * pages, Spinning Wishes' presents laid face down) is drawn by the library,
 * which then stands in for that hidden part of the physical game: typing
 * it would show it to everyone looking at the screen. */
#include "play.h"

#include <stdlib.h>
#include <string.h>

/* The viewer's events of the last decision as one JSON text (NULL on
 * failure; release with tg_free()); the terminal prints them. */
static char *play_events_text(const tg_state *st, int viewer)
{
    char *text = NULL;
    return tg_state_events_json(st, viewer, &text, NULL) == TG_OK ? text : NULL;
}

/* What the whole table learns from one outcome: the public events and the
 * public observation after it, as one text; NULL when the public events are
 * not the referee's (the outcome hides something from someone). */
static char *play_public_trace(const tg_state *after)
{
    char *pub = play_events_text(after, TG_VIEW_PUBLIC);
    char *all = play_events_text(after, TG_VIEW_OMNISCIENT);
    char *obs = NULL, *trace = NULL;
    int same = pub != NULL && all != NULL && strcmp(pub, all) == 0;
    if (same && tg_state_observation_json(after, TG_VIEW_PUBLIC, &obs, NULL) == TG_OK) {
        size_t len = strlen(pub) + strlen(obs) + 2;
        trace = malloc(len);
        if (trace != NULL)
            snprintf(trace, len, "%s\n%s", pub, obs);
        tg_free(obs);
    }
    tg_free(pub);
    tg_free(all);
    return trace;
}

static int play_compare_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Tries every outcome of the chance point on a copy: it is public when
 * each outcome's events are the same for the public viewer as for the
 * referee, and no two outcomes look alike to the public (an outcome that
 * leaves no public trace at all is then a secret too). */
int play_chance_public(const tg_state *st, tg_move *outcomes, size_t cap)
{
    size_t count = 0, done = 0;
    tg_state *probe = NULL;
    char **traces;
    int public = 1;

    if (tg_state_current_player(st) != TG_PLAYER_CHANCE ||
        tg_state_legal_moves(st, outcomes, cap, &count) != TG_OK || count == 0)
        return 0;
    traces = calloc(count, sizeof *traces);
    if (traces == NULL || tg_state_clone(st, &probe) != TG_OK) {
        free(traces);
        return 0; /* when in doubt, the library draws it */
    }
    for (; done < count && public; done++) {
        public = tg_state_copy(probe, st) == TG_OK &&
                 tg_state_apply(probe, outcomes[done]) == TG_OK &&
                 (traces[done] = play_public_trace(probe)) != NULL;
    }
    if (public) {
        qsort(traces, count, sizeof *traces, play_compare_text);
        for (size_t i = 1; i < count && public; i++)
            public = strcmp(traces[i - 1], traces[i]) != 0;
    }
    for (size_t i = 0; i < count; i++)
        free(traces[i]);
    free(traces);
    tg_state_free(probe);
    return public;
}

/* The short rules' "Words at the table" paragraph (rules/<id>.txt): from
 * its title to the next empty line. */
void play_table_words(const char *game_id)
{
    const char *const *lines = play_rules_lines(game_id);
    int in = 0;
    for (; lines != NULL && *lines != NULL; lines++) {
        if (!in && strncmp(*lines, "Words at the table", 18) == 0)
            in = 1;
        else if (in && (*lines)[0] == '\0')
            return;
        if (in)
            puts(*lines);
    }
    if (!in)
        printf("The words for %s are listed in docs/rules/%s.md (Words at the table).\n",
               game_id, game_id);
}
