/* Witches' Dance, "Observation and events": hats in the circle are
 * anonymous, and resampling keeps what a player has seen. */
#include "test_support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_circle_shows_only_hats(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"circle\":{\"red\":[1],\"yellow\":[2]},"
                                    "\"strips\":{\"lightblue\":[\"lightblue\"]}}"));
    const char *seen = wd_seen(st, 0, "circle");
    assert_non_null(strstr(seen, "[null,\"hat\",\"hat\",null,"));
    assert_null(strstr(seen, "red"));
    assert_non_null(strstr(wd_seen(st, TG_VIEW_OMNISCIENT, "circle"), "[null,\"red\",\"yellow\","));
    /* Start areas and strips are in plain view. */
    assert_string_equal(wd_seen(st, 0, "start"), "{\"lightblue\":3,\"red\":3,\"yellow\":3}");
    assert_non_null(strstr(wd_seen(st, 1, "strips"), "\"lightblue\":[\"lightblue\"]"));
    tg_state_free(st);
}

static void test_swapped_colours_look_the_same(void **state)
{
    (void)state;
    tg_state *a = tgt_from_json(P3("{\"phase\":\"choose\",\"player\":2,\"die\":2,"
                                   "\"circle\":{\"red\":[1],\"yellow\":[5],"
                                   "\"lightblue\":[24,25,26,27]}}"));
    tg_state *b = tgt_from_json(P3("{\"phase\":\"choose\",\"player\":2,\"die\":2,"
                                   "\"circle\":{\"red\":[5],\"yellow\":[1],"
                                   "\"lightblue\":[24,25,26,27]}}"));
    tgt_apply(a, "1");
    tgt_apply(b, "1");
    for (int viewer = 0; viewer < 3; viewer++) {
        char *oa, *ob;
        assert_int_equal(tg_state_observation_json(a, viewer, &oa, NULL), TG_OK);
        assert_int_equal(tg_state_observation_json(b, viewer, &ob, NULL), TG_OK);
        assert_string_equal(oa, ob);
        tg_free(oa);
        tg_free(ob);
        char ea[1024];
        snprintf(ea, sizeof ea, "%s", wd_events_text(a, viewer));
        assert_string_equal(ea, wd_events_text(b, viewer));
    }
    assert_false(tg_state_equal(a, b));
    tg_state_free(a);
    tg_state_free(b);
}

/* The position's circle (colour -> spaces) as text, for comparing positions. */
static void circle_text(const tg_state *st, char *out, size_t cap)
{
    snprintf(out, cap, "%s", wd_field(st, "circle"));
}

static void test_resample_keeps_the_view_and_pinned_colours(void **state)
{
    (void)state;
    /* The crush shows red on 28; resampling must keep it there. */
    tg_state *st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":3,\"circle\":{"
                                    "\"yellow\":[10,20,30,31],\"red\":[13,2,3],"
                                    "\"lightblue\":[6,35,8]}}"));
    tgt_apply(st, "10");
    char before[1024], obs[4096], ev[1024];
    circle_text(st, before, sizeof before);
    char *o;
    assert_int_equal(tg_state_observation_json(st, 1, &o, NULL), TG_OK);
    snprintf(obs, sizeof obs, "%s", o);
    tg_free(o);
    snprintf(ev, sizeof ev, "%s", wd_events_text(st, 1));
    int changed = 0;
    for (int round = 0; round < 40; round++) {
        tg_state *copy = wd_resampled(st, 1, (uint64_t)round + 1);
        assert_int_equal(tg_state_observation_json(copy, 1, &o, NULL), TG_OK);
        assert_string_equal(o, obs);
        tg_free(o);
        assert_string_equal(wd_events_text(copy, 1), ev);
        json_t *pos = tgt_position(copy);
        json_t *red = json_object_get(json_object_get(pos, "circle"), "red");
        int has28 = 0;
        for (size_t i = 0; i < json_array_size(red); i++)
            has28 |= json_integer_value(json_array_get(red, i)) == 28;
        assert_true(has28);
        assert_int_equal(json_array_size(red), 3);
        json_decref(pos);
        char after[1024];
        circle_text(copy, after, sizeof after);
        changed |= strcmp(before, after) != 0;
        tg_state_free(copy);
    }
    assert_true(changed);
    tg_state_free(st);
}

static void test_resample_keeps_own_peek_only(void **state)
{
    (void)state;
    tg_state *st = tgt_from_json(P3("{\"phase\":\"choose\",\"die\":6,\"circle\":{"
                                    "\"yellow\":[20,30,31,32],\"red\":[5,6,7,8],"
                                    "\"lightblue\":[9,10,11,12]}}"));
    tgt_apply(st, "peek5");
    for (int round = 0; round < 20; round++) {
        tg_state *copy = wd_resampled(st, 0, (uint64_t)round + 100);
        assert_string_equal(wd_events_text(copy, 0),
                            "[{\"at\":5,\"color\":\"red\",\"player\":0,\"text\":\"Player 0 "
                            "looked under the hat on 5: a red witch.\",\"type\":\"peek\"}]");
        tg_state_free(copy);
    }
    /* For another player the peeked hat is as unknown as any other; the
     * record follows whatever colour is drawn there, so the save reloads. */
    int moved = 0;
    for (int round = 0; round < 40; round++) {
        tg_state *copy = wd_resampled(st, 1, (uint64_t)round + 200);
        moved |= strstr(wd_events_text(copy, TG_VIEW_OMNISCIENT), "\"red\"") == NULL;
        char *text;
        assert_int_equal(tg_state_to_json(copy, &text, NULL), TG_OK);
        tg_state_free(tgt_from_json(text));
        tg_free(text);
        tg_state_free(copy);
    }
    assert_true(moved);
    tg_state_free(st);
}

/* The drawing and the events' texts a seat gets name no colour of a hat
 * in the circle that the seat does not know: where the referee's drawing
 * shows a witch's colour letter after a space, the seat's shows '@', or the
 * same letter exactly where the seat's observation says it knows that hat
 * ("known_color"); a peek's colour is in no other seat's
 * text; the referee's mark is in no seat's legend. */
static void wd_check_no_hidden_colour(const tg_state *st, void *ctx)
{
    (void)ctx;
    int players = tg_game_players(tg_state_game(st));
    char *all = tgt_drawing(st, TG_VIEW_OMNISCIENT);
    json_t *all_events = tgt_events(st, TG_VIEW_OMNISCIENT);
    for (int v = 0; v < players; v++) {
        char *seat = tgt_drawing(st, v);
        json_t *obs = tgt_observation(st, v);
        json_t *known = json_object_get(obs, "known_color");
        /* The board part is laid out alike for every viewer; a cell reads
         * "NNmh": space number, entry/exit mark, hat. */
        for (size_t i = 0; all[i] != '\0' && seat[i] != '\0' && strncmp(all + i, "Legend", 6);
             i++) {
            if (i < 3 || !isdigit((unsigned char)all[i - 3]) ||
                !isdigit((unsigned char)all[i - 2]) || strchr("+* ", all[i - 1]) == NULL ||
                strchr("YPRGLD", all[i]) == NULL)
                continue;
            size_t space = (size_t)(all[i - 3] - '0') * 10 + (size_t)(all[i - 2] - '0');
            int knows = json_is_string(json_array_get(known, space));
            char want = knows ? all[i] : '@';
            if (seat[i] != want)
                fail_msg("seat %d sees '%c' on %zu where the referee sees a %c hat "
                         "(known: %d):\n%s",
                         v, seat[i], space, all[i], knows, seat);
        }
        json_decref(obs);
        tgt_assert_not_in(seat, "referee", "a seat's legend");
        free(seat);
        json_t *mine = tgt_events(st, v);
        size_t k;
        json_t *ev;
        json_array_foreach(all_events, k, ev) {
            const char *colour = json_string_value(json_object_get(ev, "color"));
            json_t *own = json_array_get(mine, k);
            if (colour == NULL || json_object_get(own, "color") != NULL)
                continue; /* nothing hidden from this seat in this event */
            const char *text = json_string_value(json_object_get(own, "text"));
            assert_non_null(text);
            char words[32]; /* "lightblue" reads "light blue" in a sentence */
            size_t cut = strncmp(colour, "light", 5) == 0  ? 5
                         : strncmp(colour, "dark", 4) == 0 ? 4
                                                           : 0;
            if (cut > 0)
                snprintf(words, sizeof words, "%.*s %s", (int)cut, colour, colour + cut);
            else
                snprintf(words, sizeof words, "%s", colour);
            tgt_assert_not_in(text, colour, "a peek's text for another seat");
            tgt_assert_not_in(text, words, "a peek's text for another seat");
            tgt_assert_not_in(text, "witch", "a peek's text for another seat");
        }
        json_decref(mine);
    }
    json_decref(all_events);
    free(all);
}

static void test_drawings_and_texts_keep_hats_black(void **state)
{
    (void)state;
    tgt_walk_random_games("witches_dance", 2, 6, 2, 3, 400, wd_check_no_hidden_colour, NULL);
}

int wd_run_hidden(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle_shows_only_hats),
        cmocka_unit_test(test_swapped_colours_look_the_same),
        cmocka_unit_test(test_resample_keeps_the_view_and_pinned_colours),
        cmocka_unit_test(test_resample_keeps_own_peek_only),
        cmocka_unit_test(test_drawings_and_texts_keep_hats_black),
    };
    return cmocka_run_group_tests_name("witches_dance hidden", tests, NULL, NULL);
}
