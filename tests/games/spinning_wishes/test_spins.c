/* A spin's outcomes (spin=ray) on every wheel: what lies in the spinner's
 * ray at each of the 48 equally likely stops, counted one stop at a time
 * from the wheel's geometry (docs/rules/spinning_wishes.md, "The Wishing
 * Wheel"), against the outcomes, weights and stops the library gives. The
 * library finds them a slot at a time from tables, so this holds its fast
 * path to the rule for each of the 4095 ways holders can fill the slots
 * and each princess's ray. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define SLOTS 12
#define STOPS 48
#define RAY_ID 283u /* docs/rules/spinning_wishes.md: ray outcomes are 283 + code */
#define RAY_CODES 49u

static const char *const names[4] = {"'snow'", "'cinder'", "'belle'", "'beauty'"};

/* Bit s: slot s lies in princess g's ray when the wheel stops at stop r.
 * Slot s sits 4s + r steps of 7.5 degrees round, the ray's centre 12g; a
 * 20-degree holder overlaps the 60-degree ray when its centre is less than
 * 40 degrees (5 steps) from the ray's centre. */
static unsigned ray_at(int g, int r)
{
    unsigned ray = 0;
    for (int s = 0; s < SLOTS; s++) {
        int d = ((4 * s + r - 12 * g) % STOPS + STOPS) % STOPS;
        if (d > STOPS / 2)
            d -= STOPS;
        if (d >= -5 && d <= 5)
            ray |= 1u << s;
    }
    return ray;
}

/* The outcome code of the holders in a ray (the rule page's numbering):
 * 0 for none, else 1 + 4f + k with f the first holder clockwise and k's
 * bits 0 and 1 the holders on f+1 and f+2. */
static unsigned code_of(unsigned holders)
{
    if (!holders)
        return 0;
    for (unsigned f = 0; f < SLOTS; f++) {
        unsigned rest = holders & ~(1u << f), k = 0;
        if (!(holders & (1u << f)))
            continue;
        for (unsigned i = 1; i <= 2; i++)
            if (rest & (1u << (f + i) % SLOTS)) {
                rest &= ~(1u << (f + i) % SLOTS);
                k |= 1u << (i - 1);
            }
        if (!rest)
            return 1 + 4 * f + k;
    }
    fail_msg("holders %03x lie in no window of three slots", holders);
    return 0;
}

/* Four players, player q plays princess q and stands on a Wishing Wheel
 * space; princess g spins. The slots of `full` hold holders, the other
 * wishes are in hands, three at most each and never the spinner's own
 * three. */
static tg_state *spin_position(unsigned full, int g)
{
    int kinds[12], n = 0, hand[4][3], count[4] = {0};
    for (int i = 0; i < 12; i++)
        kinds[i] = i % 4;
    char wheel[256] = "[", pos[1024];
    for (int s = 0; s < SLOTS; s++) {
        strcat(wheel, s ? "," : "");
        strcat(wheel, full & (1u << s) ? names[kinds[n++]] : "null");
    }
    strcat(wheel, "]");
    /* The rest three by three to the players after the spinner: three
     * neighbours of 0,1,2,3,0,1,... differ, and the spinner gets the last. */
    for (int k = 0; n < 12; n++, k++) {
        int q = (g + 1 + k / 3) % 4;
        hand[q][count[q]++] = kinds[n];
    }
    char players[4][128];
    for (int q = 0; q < 4; q++) {
        char wishes[64] = "[";
        for (int i = 0; i < count[q]; i++) {
            strcat(wishes, i ? "," : "");
            strcat(wishes, names[hand[q][i]]);
        }
        strcat(wishes, "]");
        snprintf(players[q], sizeof players[q], "{'space':'%d','wishes':%s}", 10 * q + 2, wishes);
    }
    snprintf(pos, sizeof pos,
             "{'phase':'spin','turn':%d,'players':[%s,%s,%s,%s],'wheel':%s,"
             "'presents':['snow','cinder','belle','beauty']}",
             g, players[0], players[1], players[2], players[3], wheel);
    return swt_load("players=4,princesses=seat", pos);
}

/* The observation tensor's one-hot slots of the wheel's rotation, found as
 * where the tensors of two positions that differ only in it differ (JSON
 * views would make this test a hundred times slower). */
static size_t rot_slot, tensor_size;

static void tensor_of(const tg_state *st, float *out)
{
    assert_int_equal(tg_state_observation_tensor(st, 0, out, tensor_size), TG_OK);
}

static void find_rotation_slots(void)
{
    static const char *pos = "{'phase':'roll','rotation':%d,'players':[{'space':'2'},{'space':'12'},"
                             "{'space':'22'},{'space':'32'}],"
                             "'wheel':['snow','snow','snow','cinder','cinder','cinder','belle',"
                             "'belle','belle','beauty','beauty','beauty'],"
                             "'presents':['snow','cinder','belle','beauty']}";
    char text[512];
    snprintf(text, sizeof text, pos, 0);
    tg_state *a = swt_load("players=4,princesses=seat", text);
    snprintf(text, sizeof text, pos, 1);
    tg_state *b = swt_load("players=4,princesses=seat", text);
    tensor_size = tg_game_observation_tensor_size(tg_state_game(a));
    float ta[1024], tb[1024];
    assert_true(tensor_size <= 1024);
    tensor_of(a, ta);
    tensor_of(b, tb);
    rot_slot = tensor_size;
    for (size_t i = 0; i < tensor_size && rot_slot == tensor_size; i++)
        if (ta[i] != tb[i])
            rot_slot = i;
    assert_true(ta[rot_slot] == 1.0f && tb[rot_slot + 1] == 1.0f);
    tg_state_free(a);
    tg_state_free(b);
}

static int rotation_of(const tg_state *st)
{
    float t[1024];
    tensor_of(st, t);
    for (int r = 0; r < STOPS; r++)
        if (t[rot_slot + (size_t)r] == 1.0f)
            return r;
    return -1;
}

static void check_wheel(unsigned full, int g)
{
    uint32_t want[RAY_CODES] = {0};
    int first[RAY_CODES];
    for (unsigned c = 0; c < RAY_CODES; c++)
        first[c] = -1;
    for (int r = 0; r < STOPS; r++) {
        unsigned c = code_of(ray_at(g, r) & full);
        want[c]++;
        if (first[c] < 0)
            first[c] = r;
    }
    tg_state *st = spin_position(full, g), *after = NULL;
    tg_move moves[STOPS];
    uint32_t weights[STOPS];
    size_t n = 0, k = 0;
    uint64_t total = 0;
    assert_int_equal(tg_state_chance_weights(st, moves, weights, STOPS, &n, &total), TG_OK);
    assert_true(total == STOPS);
    assert_int_equal(tg_state_clone(st, &after), TG_OK);
    for (unsigned c = 0; c < RAY_CODES; c++) {
        int legal = tg_state_is_legal(st, RAY_ID + c) == TG_OK;
        if (!want[c]) {
            if (legal)
                fail_msg("wheel %03x, princess %d: code %u is legal but no stop gives it", full,
                         g, c);
            continue;
        }
        if (k >= n || moves[k] != RAY_ID + c || weights[k] != want[c] || !legal)
            fail_msg("wheel %03x, princess %d: code %u should have weight %u", full, g, c,
                     want[c]);
        k++;
        /* Applied, the outcome keeps the first stop that gives it. */
        assert_int_equal(tg_state_copy(after, st), TG_OK);
        assert_int_equal(tg_state_apply(after, RAY_ID + c), TG_OK);
        if (rotation_of(after) != first[c])
            fail_msg("wheel %03x, princess %d: code %u stops at %d, not %d", full, g, c,
                     rotation_of(after), first[c]);
    }
    assert_int_equal(k, n);
    tg_state_free(after);
    tg_state_free(st);
}

static void test_every_wheel_and_ray(void **unused)
{
    (void)unused;
    find_rotation_slots();
    for (int g = 0; g < 4; g++)
        for (unsigned full = 1; full < (1u << SLOTS); full++)
            check_wheel(full, g);
}

int sw_run_spins(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_wheel_and_ray),
    };
    return cmocka_run_group_tests_name("spinning_wishes spins", tests, NULL, NULL);
}
