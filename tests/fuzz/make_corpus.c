/* Writes seed corpora from real games of every registered game:
 *   make_corpus OUT_DIR
 * fills OUT_DIR/{load_binary,load_json,options,move_text,api_sequence,position}.
 * Run by hand (see README.md) and commit the result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <boardgames/tablegames.h>

static void write_file(const char *dir, const char *sub, const char *name, const void *data,
                       size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fwrite(data, 1, n, f);
    fclose(f);
}

/* Plays a seeded random game for at most `limit` decisions. */
static tg_state *play(tg_game *g, uint64_t seed, unsigned limit)
{
    tg_state *st = NULL;
    if (tg_state_new(g, seed, &st) != TG_OK)
        exit(1);
    tg_move moves[4096];
    size_t n;
    for (unsigned i = 0; i < limit && !tg_state_is_terminal(st); i++) {
        if (tg_state_current_player(st) == TG_PLAYER_CHANCE) {
            tg_state_apply_chance(st, NULL);
        } else {
            tg_state_legal_moves(st, moves, 4096, &n);
            tg_state_apply(st, moves[(seed * 7 + i) % n]);
        }
    }
    return st;
}

/* Option variants the position fuzzer knows (fuzz_position.c): one per
 * alternative value of each BOOL or CHOICE option. */
static unsigned option_variants(const tg_game_info *info)
{
    unsigned k = 0;
    for (size_t i = 0; i < info->option_count; i++) {
        const tg_option_info *o = tg_game_info_option(info, i);
        if (o->type == TG_OPTION_BOOL)
            k++;
        else if (o->type == TG_OPTION_CHOICE)
            for (size_t c = 0; o->choices[c]; c++)
                k += strcmp(o->choices[c], o->default_value) != 0;
    }
    return k;
}

/* Position fuzzer inputs without edits: real positions of seeded games at
 * several depths, in both save forms, each option variant once. */
static void write_position_seeds(const char *out, size_t gi, const tg_game_info *info)
{
    static const unsigned depths[] = {0, 30, 150, 600};
    unsigned variants = option_variants(info);
    for (int p = info->min_players; p <= info->max_players; p++)
        for (unsigned k = 0; k < 4; k++) {
            unsigned v = k == 0 ? 0 : (unsigned)(p + k) % (variants + 1);
            unsigned char in[10] = {(unsigned char)gi, (unsigned char)(p - info->min_players),
                                    (unsigned char)v, 0, 0, 0, (unsigned char)(p * 4 + k),
                                    (unsigned char)(depths[k] & 0xFF),
                                    (unsigned char)(depths[k] >> 8), (unsigned char)k};
            char name[128];
            snprintf(name, sizeof name, "%s_%d_%u", info->id, p, depths[k]);
            write_file(out, "position", name, in, sizeof in);
        }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_corpus OUT_DIR\n");
        return 2;
    }
    const char *out = argv[1];
    static const char *const subs[] = {"load_binary", "load_json", "options", "move_text",
                                       "api_sequence", "position"};
    mkdir(out, 0777);
    for (int i = 0; i < 6; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", out, subs[i]);
        mkdir(path, 0777);
    }
    for (size_t gi = 0; gi < tg_catalogue_count(); gi++) {
        const tg_game_info *info = tg_catalogue_get(gi);
        write_position_seeds(out, gi, info);
        for (int p = info->min_players; p <= info->max_players; p++) {
            char opts[32], name[128];
            snprintf(opts, sizeof opts, "players=%d", p);
            tg_game *g = NULL;
            if (tg_game_new(info->id, opts, NULL, &g, NULL, 0) != TG_OK)
                return 1;
            snprintf(name, sizeof name, "%s_%d", info->id, p);
            char opt_seed[256];
            int len = snprintf(opt_seed, sizeof opt_seed, "%s%c%s", info->id, '\0',
                               tg_game_options(g));
            write_file(out, "options", name, opt_seed, (size_t)len);
            for (unsigned limit = 10; limit <= 160; limit *= 4) {
                tg_state *st = play(g, limit + (unsigned)p, limit);
                unsigned char *bytes;
                char *text;
                size_t n;
                snprintf(name, sizeof name, "%s_%d_%u", info->id, p, limit);
                tg_state_save(st, &bytes, &n);
                write_file(out, "load_binary", name, bytes, n);
                tg_free(bytes);
                tg_state_to_json(st, &text, &n);
                write_file(out, "load_json", name, text, n);
                tg_free(text);
                /* move_text and api_sequence inputs start with the game and seat bytes. */
                unsigned char head[16] = {(unsigned char)gi, (unsigned char)(p - info->min_players),
                                          (unsigned char)limit, 0, 0, 0, (unsigned char)p};
                tg_move moves[4096];
                size_t count = 0;
                if (!tg_state_is_terminal(st) &&
                    tg_state_legal_moves(st, moves, 4096, &count) == TG_OK && count) {
                    char mt[64];
                    if (tg_state_move_text(st, moves[0], mt, sizeof mt, NULL) == TG_OK) {
                        unsigned char buf[96];
                        memcpy(buf, head, 7);
                        memcpy(buf + 7, mt, strlen(mt));
                        write_file(out, "move_text", name, buf, 7 + strlen(mt));
                    }
                }
                unsigned char seq[64];
                memcpy(seq, head, 6);
                for (int i = 6; i < 64; i++)
                    seq[i] = (unsigned char)(i * 37 + limit);
                write_file(out, "api_sequence", name, seq, sizeof seq);
                tg_state_free(st);
            }
            tg_game_free(g);
        }
    }
    return 0;
}
