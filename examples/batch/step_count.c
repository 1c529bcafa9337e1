/* A batched step to count with callgrind (docs/performance.md, issue 34):
 * N slots of a game at 4 players, every step filling the masks and
 * observation tensors, WARMUP steps of random legal actions to bring the
 * games into play, then STEPS more, each inside measured_step(), the
 * function to hand to callgrind's --toggle-collect:
 *
 *   valgrind --tool=callgrind --toggle-collect=measured_step \
 *       examples/batch/step_count bewitched 1024 150 15
 *
 * Instructions per decision are the collected count over SLOTS x STEPS.
 * The program also prints a digest of every row the measured steps wrote,
 * so that two builds can be shown to play the same games and write the
 * same rows. The actions come from the program's own generator, the
 * same for every build.
 *
 *   step_count [GAME [SLOTS [WARMUP [STEPS]]]]  (defaults: bewitched 1024 150 15)
 */
#include <boardgames/tablegames.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t next(uint64_t *s) /* xorshift64* */
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* A uniformly random legal action of every slot, from its mask row. */
static void pick(const uint8_t *mask, size_t actions, size_t slots, uint32_t *act, uint64_t *rng)
{
    for (size_t i = 0; i < slots; i++) {
        const uint8_t *m = mask + i * actions;
        size_t legal = 0;
        for (size_t a = 0; a < actions; a++)
            legal += m[a];
        size_t k = (size_t)(next(rng) % (legal ? legal : 1));
        act[i] = 0;
        for (size_t a = 0; a < actions; a++)
            if (m[a] && k-- == 0) {
                act[i] = (uint32_t)a;
                break;
            }
    }
}

/* FNV-1a over bytes. */
static uint64_t fold(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

/* Kept out of line, and by name, for --toggle-collect. */
#if defined(__clang__)
__attribute__((noinline))
#elif defined(__GNUC__)
__attribute__((noinline, noclone))
#endif
tg_status measured_step(tg_batch *b, size_t slots, const uint32_t *act,
                        const tg_batch_buffers *out);

tg_status measured_step(tg_batch *b, size_t slots, const uint32_t *act,
                        const tg_batch_buffers *out)
{
    return tg_batch_step(b, 0, slots, act, out, NULL, 0);
}

int main(int argc, char **argv)
{
    const char *id = argc > 1 ? argv[1] : "bewitched";
    size_t slots = argc > 2 ? strtoul(argv[2], NULL, 10) : 1024;
    long warmup = argc > 3 ? strtol(argv[3], NULL, 10) : 150;
    long steps = argc > 4 ? strtol(argv[4], NULL, 10) : 15;
    char err[256];
    tg_game *game = NULL;
    tg_batch *b = NULL;
    if (slots == 0 || warmup < 0 || steps < 1) {
        fprintf(stderr, "usage: step_count [GAME [SLOTS [WARMUP [STEPS]]]]\n");
        return 2;
    }
    if (tg_game_new(id, "players=4", NULL, &game, err, sizeof err) != TG_OK ||
        tg_batch_new(game, slots, 1, NULL, &b, err, sizeof err) != TG_OK) {
        fprintf(stderr, "step_count: %s\n", err);
        tg_game_free(game);
        return 1;
    }
    size_t actions = tg_game_player_move_count(game);
    size_t floats = tg_game_observation_tensor_size(game);
    tg_batch_buffers out = TG_BATCH_BUFFERS_INIT;
    out.mask = malloc(slots * actions);
    out.observation = malloc(slots * floats * sizeof *out.observation);
    uint32_t *act = malloc(slots * sizeof *act);
    uint64_t rng = 88172645463325252ull, digest = 1469598103934665603ull;
    int rc = 0;
    if (!out.mask || !out.observation || !act ||
        tg_batch_observe(b, 0, slots, &out, err, sizeof err) != TG_OK)
        rc = 1;
    for (long s = 0; rc == 0 && s < warmup + steps; s++) {
        pick(out.mask, actions, slots, act, &rng);
        tg_status st = s < warmup ? tg_batch_step(b, 0, slots, act, &out, err, sizeof err)
                                  : measured_step(b, slots, act, &out);
        if (st != TG_OK) {
            fprintf(stderr, "step_count: step %ld: status %d\n", s, (int)st);
            rc = 1;
        } else if (s >= warmup) {
            digest = fold(digest, out.mask, slots * actions);
            digest = fold(digest, out.observation, slots * floats * sizeof *out.observation);
        }
    }
    if (rc == 0)
        printf("%s: %zu slots, %ld measured steps, %zu decisions, rows digest %016llx\n", id,
               slots, steps, slots * (size_t)steps, (unsigned long long)digest);
    free(act);
    free(out.observation);
    free(out.mask);
    tg_batch_free(b);
    tg_game_free(game);
    return rc;
}
