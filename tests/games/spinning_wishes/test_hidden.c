/* Hidden presents (observations and resampling) and the rejection of
 * positions that break the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define OPT3 "players=3,princesses=seat"
/* Snow White (player 0) has looked under tower 2, Cinderella (player 1)
 * under tower 0; Belle has looked nowhere. */
#define LOOKED(presents)                                                                     \
    "{'phase':'roll','turn':2,'players':["                                                 \
    "{'space':'c5','wishes':['snow','snow','snow'],'seen':[2]},"                           \
    "{'space':'c14','wishes':['cinder','cinder','cinder'],'seen':[0]},"                     \
    "{'space':'25'}],'wheel':['belle','belle','belle',null,null,null,null,null,null,null," \
    "null,null],'presents':" presents "}"

static const char *tower_present(const tg_state *st, int tower)
{
    static char buf[32];
    json_t *pos = tgt_position(st);
    const char *v =
        json_string_value(json_array_get(json_object_get(pos, "presents"), (size_t)tower));
    snprintf(buf, sizeof buf, "%s", v ? v : "?");
    json_decref(pos);
    return buf;
}

/* A copy of st seeded with seed and redrawn for player (caller frees). */
static tg_state *sw_redrawn(const tg_state *st, int player, uint64_t seed)
{
    tg_state *r = NULL;
    assert_int_equal(tg_state_clone(st, &r), TG_OK);
    assert_int_equal(tg_state_seed(r, seed), TG_OK);
    assert_int_equal(tg_state_resample(r, player), TG_OK);
    return r;
}

/* Two deals that differ only where Snow White has not looked give her the
 * same observation; the referee sees the difference. */
static void test_unseen_presents_do_not_show(void **unused)
{
    (void)unused;
    tg_state *a = swt_load(OPT3, LOOKED("['belle','beauty','cinder','snow']"));
    tg_state *b = swt_load(OPT3, LOOKED("['snow','belle','cinder','beauty']"));
    for (int viewer = 0; viewer < 3; viewer += 2) {
        char *oa = swt_observation_text(a, viewer), *ob = swt_observation_text(b, viewer);
        assert_string_equal(oa, ob);
        free(oa);
        free(ob);
    }
    char *oa = swt_observation_text(a, TG_VIEW_OMNISCIENT);
    char *ob = swt_observation_text(b, TG_VIEW_OMNISCIENT);
    assert_string_not_equal(oa, ob);
    free(oa);
    free(ob);
    tg_state_free(a);
    tg_state_free(b);
}

/* Resampling for Snow White keeps what she saw (tower 2) and what others'
 * looks told her (tower 0 is not Cinderella's), and redraws the rest. */
static void test_resample_redraws_only_what_she_cannot_know(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, LOOKED("['belle','beauty','cinder','snow']"));
    char *obs = swt_observation_text(st, 0);
    char *ev = swt_events_text(st, 0);
    char seen_deals[8][64];
    int distinct = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        tg_state *r = sw_redrawn(st, 0, seed);
        char *o2 = swt_observation_text(r, 0), *e2 = swt_events_text(r, 0);
        assert_string_equal(obs, o2);
        assert_string_equal(ev, e2);
        free(o2);
        free(e2);
        assert_string_equal(tower_present(r, 2), "cinder");
        assert_string_not_equal(tower_present(r, 0), "cinder");
        const char *deal = swt_pos(r, "presents");
        int known = 0;
        for (int i = 0; i < distinct; i++)
            known |= strcmp(seen_deals[i], deal) == 0;
        if (!known && distinct < 8)
            snprintf(seen_deals[distinct++], sizeof seen_deals[0], "%s", deal);
        tg_state_free(r);
    }
    /* Six deals fit what she knows; sixty draws find most of them. */
    assert_true(distinct >= 4 && distinct <= 6);
    free(obs);
    free(ev);
    tg_state_free(st);
}

/* Resampling for Belle, who saw nothing: only the others' "not mine" facts
 * hold, so tower 2 never gets Snow White's present nor tower 0 Cinderella's. */
static void test_resample_keeps_public_facts(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, LOOKED("['belle','beauty','cinder','snow']"));
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tg_state *r = sw_redrawn(st, 2, seed);
        assert_string_not_equal(tower_present(r, 2), "snow");
        assert_string_not_equal(tower_present(r, 0), "cinder");
        tg_state_free(r);
    }
    tg_state_free(st);
}

/* The deal as a word, the cell of the chi-square table. */
static void sw_deal_cell(const tg_state *st, char *out, size_t cap)
{
    snprintf(out, cap, "%s", swt_pos(st, "presents"));
}

/* Every deal that fits what the player knows is equally likely: for Snow
 * White the 6 deals with Cinderella's present on tower 2 (she looked), for
 * Belle the 14 with neither Snow White's present on tower 2 nor
 * Cinderella's on tower 0 (their looks told everyone "not mine"). */
static void test_resample_is_uniform_over_the_fitting_deals(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, LOOKED("['belle','beauty','cinder','snow']"));
    tgt_expect_uniform_resample(st, 0, sw_deal_cell, 6, 3000, 20.52);
    tgt_expect_uniform_resample(st, 2, sw_deal_cell, 14, 4200, 34.53);
    tg_state_free(st);
}

/* What each player knows: a look is remembered for the rest of the game
 * (presents never move), who looked where is public (every observation,
 * the public one too, says "not_for" and "looked"), the present itself
 * only to the looker. */
static void test_a_look_is_remembered_and_only_the_looker_sees_it(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, LOOKED("['belle','beauty','cinder','snow']"));
    assert_int_equal(tg_state_playout(st, 12, NULL), TG_OK);
    json_t *mine = tgt_observation(st, 0), *pub = tgt_observation(st, TG_VIEW_PUBLIC);
    json_t *t2 = json_array_get(json_object_get(mine, "towers"), 2);
    json_t *p2 = json_array_get(json_object_get(pub, "towers"), 2);
    assert_string_equal(json_string_value(json_object_get(t2, "present")), "cinder");
    assert_true(json_is_null(json_object_get(p2, "present")));
    char *nf = json_dumps(json_object_get(p2, "not_for"), JSON_COMPACT);
    assert_string_equal(nf, "[\"snow\"]");
    free(nf);
    /* The princesses' list survives the core's fields (it was once called
     * "players", which the core's player count overwrote). */
    assert_int_equal(json_array_size(json_object_get(pub, "princesses")), 3);
    assert_int_equal(json_integer_value(json_object_get(pub, "players")), 3);
    json_decref(mine);
    json_decref(pub);
    tg_state_free(st);
}

/* A redraw rewrites the referee's record of the last look: right after
 * Snow White looked under tower 0, a redraw for Cinderella (who learnt
 * only "not Snow White's") may put another present there, and the look
 * must then name that one, so the redrawn state is a position the loader
 * accepts. */
static void test_resample_rewrites_the_last_look(void **unused)
{
    (void)unused;
    tg_state *st = swt_load("players=2,princesses=seat", "{'phase':'roll','players':[{'space':'c0','wishes':['snow',"
                                  "'snow','snow']},{'space':'10'}],'wheel':['cinder','cinder',"
                                  "'cinder',null,null,null,null,null,null,null,null,null],"
                                  "'presents':['cinder','snow','belle','beauty']}");
    tgt_apply_all(st, "roll:2;c2");
    int moved = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        tg_state *r = sw_redrawn(st, 1, seed);
        char there[32];
        snprintf(there, sizeof there, "%s", tower_present(r, 0));
        moved += strcmp(there, "cinder") != 0;
        json_t *holder = NULL;
        json_t *look = tgt_find_event(r, TG_VIEW_OMNISCIENT, "look", &holder);
        assert_int_equal(json_integer_value(json_object_get(look, "tower")), 0);
        assert_string_equal(json_string_value(json_object_get(look, "present")), there);
        json_decref(holder);
        size_t len = 0;
        unsigned char *save = tgt_save(r, &len);
        tg_state *back = NULL;
        char err[256] = "";
        if (tg_state_load(save, len, NULL, &back, err, sizeof err) != TG_OK)
            fail_msg("the redrawn state (seed %llu) does not load: %s", (unsigned long long)seed,
                     err);
        tg_state_free(back);
        tg_free(save);
        tg_state_free(r);
    }
    /* Belle's and Sleeping Beauty's presents fit there too: some redraws
     * moved the present, or the test would prove nothing. */
    assert_true(moved > 0);
    tg_state_free(st);
}

/* Tensor slots (docs/rules/spinning_wishes.md): after the 8 core slots of
 * 3 players come phase (10), turn (4), roll, winner (4), start_pending (4),
 * then 79 per princess, the wheel, and per tower the present (4) and
 * not_for (4). */
static void test_tensor_slots_of_the_towers(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT3, LOOKED("['belle','beauty','cinder','snow']"));
    tg_game *g = tg_game_ref(tg_state_game(st));
    size_t n = tg_game_observation_tensor_size(g);
    const size_t towers = 8 + 10 + 4 + 1 + 4 + 4 + 3 * 79 + 48 + 12 * 4;
    assert_int_equal(n, towers + 4 * 8 + 1);
    float *t = calloc(n, sizeof *t);
    assert_int_equal(tg_state_observation_tensor(st, 0, t, n), TG_OK);
    assert_true(t[towers + 2 * 8 + 1] == 1.0f);     /* tower 2: Cinderella's present */
    assert_true(t[towers + 2 * 8 + 4 + 0] == 1.0f); /* tower 2: not Snow White's */
    assert_true(t[towers] == 0.0f && t[towers + 3] == 0.0f); /* tower 0 unseen */
    assert_true(t[8 + 10 + 4 + 1 + 4 + 4 + 0] == 1.0f); /* player 0 is Snow White */
    assert_true(t[n - 1] == 1.0f);                  /* presents dealt */
    assert_int_equal(tg_state_observation_tensor(st, TG_VIEW_PUBLIC, t, n), TG_OK);
    assert_true(t[towers + 2 * 8 + 1] == 0.0f);
    free(t);
    tg_game_free(g);
    tg_state_free(st);
}

#define OPT2 "players=2,princesses=seat"
#define WHEEL6 "'wheel':['snow','snow','snow','cinder','cinder','cinder',null,null,null,null,null,null]"
#define PRESENTS "'presents':['snow','cinder','belle','beauty']"

static void expect_rejected(const char *position, const char *words)
{
    const char *msg = swt_load_fails(OPT2, position);
    if (!strstr(msg, words))
        fail_msg("message \"%s\" does not mention \"%s\"", msg, words);
}

static void test_rule_breaking_positions_are_rejected(void **unused)
{
    (void)unused;
    expect_rejected("{'phase':'roll','players':[{'space':'15'},{'space':'15'}]," WHEEL6
                    "," PRESENTS "}",
                    "two princesses");
    expect_rejected("{'phase':'roll','players':[{'space':'c3'},{'space':'15'}]," WHEEL6
                    "," PRESENTS "}",
                    "castle");
    expect_rejected("{'phase':'roll','players':[{'space':'1'},{'space':'15'}],"
                    "'wheel':['snow','snow',null,'cinder','cinder','cinder',null,null,null,null,"
                    "null,null]," PRESENTS "}",
                    "wishes of snow");
    expect_rejected("{'phase':'roll','players':[{'space':'1','wishes':['belle']},{'space':'15'}],"
                    WHEEL6 "," PRESENTS "}",
                    "wishes of belle");
    expect_rejected("{'phase':'roll','players':[{'space':'1'},{'space':'15'}]," WHEEL6
                    ",'presents':['snow','snow','belle','beauty']}",
                    "presents");
    expect_rejected("{'phase':'roll','players':[{'space':'1','seen':[0]},{'space':'15'}]," WHEEL6
                    "," PRESENTS "}",
                    "own present");
    expect_rejected("{'phase':'move','roll':0,'players':[{'space':'1'},{'space':'15'}]," WHEEL6
                    "," PRESENTS "}",
                    "die value");
    expect_rejected("{'phase':'take','players':[{'space':'2'},{'space':'15'}]," WHEEL6
                    "," PRESENTS ",'rotation':20}",
                    "nothing to take");
    expect_rejected("{'phase':'roll','players':[{'space':'1'},{'space':'15'}]," WHEEL6
                    "," PRESENTS ",'events':[[99,0,0,0]]}",
                    "unknown type");
    expect_rejected("{'phase':'roll','players':[{'space':'1'},{'space':'15'}]," WHEEL6
                    "," PRESENTS ",'events':[[8,0,0,200]]}",
                    "field 2");
    expect_rejected("{'phase':'over','players':[{'space':'1'},{'space':'15'}]," WHEEL6
                    "," PRESENTS "}",
                    "without a winner");
}

/* The placement ends with the last holder (the structure-aware position
 * mutator's finding, issue 33): a save in the placement with every holder
 * already on the wheel loaded, and the next "place" put a seventh holder
 * of six, a position the loader refuses. Refused now; one holder short of
 * the end, it is the placement's last turn. */
static void test_no_placement_after_the_last_holder(void **unused)
{
    (void)unused;
    expect_rejected("{'phase':'place','turn':0,'players':[{'space':'0'},{'space':'10'}]," WHEEL6
                    "," PRESENTS "}",
                    "placement");
    tg_state *st = swt_load(OPT2, "{'phase':'place','turn':1,'players':[{'space':'0'},"
                                  "{'space':'10'}],'wheel':['snow','snow','snow','cinder',"
                                  "'cinder',null,null,null,null,null,null,null]," PRESENTS "}");
    tgt_apply(st, "place:11");
    json_t *pos = tgt_position(st);
    assert_string_equal(json_string_value(json_object_get(pos, "phase")), "start");
    json_decref(pos);
    tg_state_free(st);
}

/* Before the deal there is no present to look under: the root of a game
 * loads, the same root with a look recorded does not. */
static void test_no_look_before_the_deal(void **unused)
{
    (void)unused;
    tg_state_free(swt_load(OPT2, "{'phase':'deal','players':[{'space':'0'},{'space':'10'}]}"));
    expect_rejected("{'phase':'deal','players':[{'space':'0'},{'space':'10','seen':[2]}]}",
                    "looked under presents that are not there");
    expect_rejected("{'phase':'deal','players':[{'space':'0','seen':[0,3]},{'space':'10'}]}",
                    "looked under presents that are not there");
}

/* The record of the last look must name the present under that tower
 * (resampling and the looker's events read it): Snow White's look under
 * tower 0 found Cinderella's present; the same position with the record
 * naming Belle's is refused. */
static void test_a_look_record_names_the_present_there(void **unused)
{
    (void)unused;
    tg_state *st = swt_load(OPT2, "{'phase':'roll','players':[{'space':'c0','wishes':['snow',"
                                  "'snow','snow']},{'space':'10'}],'wheel':['cinder','cinder',"
                                  "'cinder',null,null,null,null,null,null,null,null,null],"
                                  "'presents':['cinder','snow','belle','beauty']}");
    tgt_apply_all(st, "roll:2;c2");
    json_t *pos = tgt_position(st);
    json_t *events = json_object_get(pos, "events");
    char *good = json_dumps(pos, JSON_COMPACT);
    size_t i;
    json_t *ev;
    int edited = 0;
    json_array_foreach(events, i, ev) {
        /* [type, player, tower, present]: the look is the one naming tower
         * 0 and Cinderella's present (1) */
        if (json_array_size(ev) == 4 && json_integer_value(json_array_get(ev, 2)) == 0 &&
            json_integer_value(json_array_get(ev, 3)) == 1) {
            json_array_set_new(ev, 3, json_integer(2));
            edited++;
        }
    }
    assert_int_equal(edited, 1);
    char *bad = json_dumps(pos, JSON_COMPACT);
    json_decref(pos);
    tg_state_free(swt_load(OPT2, good));
    expect_rejected(bad, "shows a present that is not there");
    free(good);
    free(bad);
    tg_state_free(st);
}

/* Trading needs someone to trade with: Cinderella holding her own three
 * wishes is out of it, and Snow White's two are her own kind. */
static void test_no_trade_without_a_partner(void **unused)
{
    (void)unused;
    const char *trade = "{'phase':'trade','players':[{'space':'2','wishes':['snow','snow']},"
                        "{'space':'10','wishes':%s}],'wheel':[%s,null,null,null,null,null,null,"
                        "null,null,null,null]," PRESENTS "}";
    char pos[512];
    snprintf(pos, sizeof pos, trade, "['cinder','cinder']", "'snow','cinder'");
    tg_state_free(swt_load(OPT2, pos));
    snprintf(pos, sizeof pos, trade, "['cinder','cinder','cinder']", "'snow',null");
    expect_rejected(pos, "nothing to trade");
}

static const char *const sw_test_words[] = {"Snow White", "Cinderella", "Belle",
                                            "Sleeping Beauty"};

/* Text with its wrapped lines joined again ("\n    " read as " "). */
static void sw_unwrap(const char *text, char *out, size_t cap)
{
    size_t n = 0;
    for (; *text != '\0' && n + 1 < cap; text++) {
        if (*text == '\n' && text[1] == ' ') {
            while (text[1] == ' ')
                text++;
            out[n++] = ' ';
        } else {
            out[n++] = *text;
        }
    }
    out[n] = '\0';
}

/* The drawing and the events' texts a seat gets name no present the seat
 * may not see: a face-down present is "?" in its courtyard and in the
 * Presents line, a look that is not hers does not say whose present it
 * found, and the deal names no present. */
static void sw_check_presents(const tg_state *st, void *ctx)
{
    (void)ctx;
    int players = tg_game_players(tg_state_game(st));
    json_t *all = tgt_events(st, TG_VIEW_OMNISCIENT);
    for (int v = 0; v < players; v++) {
        json_t *obs = tgt_observation(st, v);
        char *drawing = tgt_drawing(st, v);
        static char joined[16384];
        sw_unwrap(drawing, joined, sizeof joined);
        const char *presents = strstr(joined, "Presents:");
        for (int t = 0; t < 4 && presents != NULL; t++) {
            json_t *tower = json_array_get(json_object_get(obs, "towers"), (size_t)t);
            char want[32];
            snprintf(want, sizeof want, "tower %d ?", t);
            if (json_is_null(json_object_get(tower, "present")) && !strstr(presents, want))
                fail_msg("seat %d's drawing shows tower %d's present: %.120s", v, t, presents);
        }
        json_t *mine = tgt_events(st, v);
        size_t i;
        json_t *ev;
        json_array_foreach(all, i, ev) {
            json_t *own = json_array_get(mine, i);
            const char *text = json_string_value(json_object_get(own, "text"));
            assert_non_null(text);
            const char *present = json_string_value(json_object_get(ev, "present"));
            const char *found = strstr(text, "it is");
            if (present != NULL && json_object_get(own, "present") == NULL && found != NULL)
                for (int g = 0; g < 4; g++)
                    if (strstr(found, sw_test_words[g]) != NULL)
                        fail_msg("seat %d reads whose present a look found: %s", v, text);
            if (json_object_get(ev, "presents") != NULL)
                tgt_assert_not_in(text, "tower 0", "the deal's text for a seat");
        }
        json_decref(mine);
        free(drawing);
        json_decref(obs);
    }
    json_decref(all);
}

static void test_drawings_and_texts_keep_presents_hidden(void **state)
{
    (void)state;
    tgt_walk_random_games("spinning_wishes", 2, 4, 1, 3, 1500, sw_check_presents, NULL);
}

int sw_run_hidden(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unseen_presents_do_not_show),
        cmocka_unit_test(test_resample_redraws_only_what_she_cannot_know),
        cmocka_unit_test(test_resample_keeps_public_facts),
        cmocka_unit_test(test_resample_rewrites_the_last_look),
        cmocka_unit_test(test_resample_is_uniform_over_the_fitting_deals),
        cmocka_unit_test(test_a_look_is_remembered_and_only_the_looker_sees_it),
        cmocka_unit_test(test_tensor_slots_of_the_towers),
        cmocka_unit_test(test_rule_breaking_positions_are_rejected),
        cmocka_unit_test(test_no_placement_after_the_last_holder),
        cmocka_unit_test(test_no_look_before_the_deal),
        cmocka_unit_test(test_a_look_record_names_the_present_there),
        cmocka_unit_test(test_no_trade_without_a_partner),
        cmocka_unit_test(test_drawings_and_texts_keep_presents_hidden),
    };
    return cmocka_run_group_tests_name("spinning_wishes hidden", tests, NULL, NULL);
}
