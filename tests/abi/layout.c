/* The frozen parts of the 1.x ABI, pinned by the compiler: the value of
 * every public macro and enumerator, the size and alignment of every
 * public struct with each field's offset, size and type, per data model,
 * and (at run time, in main()) every field the _INIT initialisers set.
 * abi/layout.sh compiles and runs it for the host and with -m32 (ctest
 * abi_layout*, and abi/check.sh), so a change that moves a field on one
 * ABI only fails here too.
 * abi/check_names.py fails when a public macro, enumerator or struct is
 * missing from this file.
 *
 * A failing assertion is an ABI break, not a test to update: see
 * abi/README.md. The only values that move are the ones naming the current
 * version (TG_VERSION_MINOR, TG_VERSION_PATCH, TG_*_PARAMS_VERSION), which
 * only grow, and the sizes of the versioned structs (tg_game_params,
 * tg_bot_params, tg_sized_allocator) when a release appends a field: then
 * pin the new field's offset, size and type, and its default in main(), and
 * never change an existing one. */
#include <boardgames/tablegames.h>

#include <stdio.h>

#define PIN(expr) _Static_assert(expr, #expr)

/* LAYOUT(type, size, align, (field, offset, size)...): the struct's size
 * and alignment, and each field's offset and size, as one assertion each
 * (so a failure names the one value that moved). Up to 9 fields: a
 * struct with more needs LAYOUT_FIELDS_10 and a longer LAYOUT_COUNT_. */
#define LAYOUT(type, size, align, ...)                                                             \
    PIN(sizeof(type) == (size));                                                                   \
    PIN(_Alignof(type) == (align));                                                                \
    LAYOUT_FIELDS(LAYOUT_COUNT(__VA_ARGS__), type, __VA_ARGS__)
#define LAYOUT_COUNT(...) LAYOUT_COUNT_(__VA_ARGS__, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define LAYOUT_COUNT_(f1, f2, f3, f4, f5, f6, f7, f8, f9, n, ...) n
#define LAYOUT_FIELDS(n, type, ...) LAYOUT_FIELDS_(n, type, __VA_ARGS__)
#define LAYOUT_FIELDS_(n, type, ...) LAYOUT_FIELDS_##n(type, __VA_ARGS__)
#define LAYOUT_FIELDS_1(t, f) LAYOUT_FIELD(t, LAYOUT_UNWRAP f)
#define LAYOUT_FIELDS_2(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_1(t, __VA_ARGS__)
#define LAYOUT_FIELDS_3(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_2(t, __VA_ARGS__)
#define LAYOUT_FIELDS_4(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_3(t, __VA_ARGS__)
#define LAYOUT_FIELDS_5(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_4(t, __VA_ARGS__)
#define LAYOUT_FIELDS_6(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_5(t, __VA_ARGS__)
#define LAYOUT_FIELDS_7(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_6(t, __VA_ARGS__)
#define LAYOUT_FIELDS_8(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_7(t, __VA_ARGS__)
#define LAYOUT_FIELDS_9(t, f, ...) LAYOUT_FIELDS_1(t, f); LAYOUT_FIELDS_8(t, __VA_ARGS__)
#define LAYOUT_UNWRAP(...) __VA_ARGS__
#define LAYOUT_FIELD(t, ...) LAYOUT_FIELD_(t, __VA_ARGS__)
#define LAYOUT_FIELD_(t, field, offset, size)                                                      \
    PIN(offsetof(t, field) == (offset));                                                           \
    PIN(sizeof(((t *)0)->field) == (size))

/* ---- macros (common.h, save.h, game.h, bot.h, version.h) ---------------- */
PIN(TG_PLAYER_CHANCE == -1);
PIN(TG_PLAYER_TERMINAL == -2);
PIN(TG_PLAYER_INVALID == -3);
PIN(TG_VIEW_OMNISCIENT == -1);
PIN(TG_VIEW_PUBLIC == -2);
PIN(TG_VIEW_REFEREE == -4);
PIN(TG_FORMAT_OBSERVATION_TENSOR == 0);
PIN(TG_FORMAT_INFORMATION_KEY == 1);
PIN(TG_FORMAT_OBSERVATION_JSON == 2);
PIN(TG_FORMAT_INFORMATION_TENSOR == 3);
PIN(TG_DRAW_ZERO == 0);
PIN(TG_DRAW_SHARED == 1);
PIN(TG_BATCH_PARAMS_VERSION == 1);
PIN(TG_BATCH_BUFFERS_VERSION == 3);
PIN(TG_BATCH_MASK_BITS_STRIDE(2835) == 355);
PIN(TG_BATCH_MASK_BITS_STRIDE(8) == 1);
PIN(TG_BATCH_MASK_BITS_STRIDE(9) == 2);
PIN(TG_BATCH_RUNNING == 0);
PIN(TG_BATCH_ENDED == 1);
PIN(TG_BATCH_TRUNCATED == 2);
PIN(TG_MAX_PLAYERS == 8);
PIN(TG_SAVE_MAX_BYTES == 16u * 1024u * 1024u);
PIN(TG_GAME_PARAMS_VERSION == 2);
PIN(TG_BOT_PARAMS_VERSION == 2);
PIN(TG_VERSION_MAJOR == 1);
PIN(TG_VERSION_MINOR >= 3);
PIN(TG_VERSION_PATCH >= 0);
PIN(TG_VERSION_NUMBER == TG_VERSION_MAJOR * 10000 + TG_VERSION_MINOR * 100 + TG_VERSION_PATCH);
PIN(TG_VERSION_CHECK(1, 2, 0) && !TG_VERSION_CHECK(2, 0, 0));
PIN(sizeof TG_VERSION_STRING >= sizeof "1.2.0");
/* TG_API expands to an attribute or nothing; it has no value to pin. The
 * initialisers TG_GAME_PARAMS_INIT, TG_BOT_PARAMS_INIT,
 * TG_BATCH_PARAMS_INIT and TG_BATCH_BUFFERS_INIT are not constant
 * expressions: main() below pins every field they set, at run time
 * (abi/layout.sh compiles and runs this file). */

/* ---- enumerators ----------------------------------------------------------- */
PIN(TG_OK == 0);
PIN(TG_E_INVALID_ARGUMENT == -1);
PIN(TG_E_UNKNOWN_GAME == -2);
PIN(TG_E_BAD_OPTION == -3);
PIN(TG_E_ILLEGAL_MOVE == -4);
PIN(TG_E_WRONG_PHASE == -5);
PIN(TG_E_BUFFER_TOO_SMALL == -6);
PIN(TG_E_PARSE == -7);
PIN(TG_E_CORRUPT == -8);
PIN(TG_E_VERSION == -9);
PIN(TG_E_MISMATCH == -10);
PIN(TG_E_NO_MEMORY == -11);
PIN(TG_E_NOTHING_TO_UNDO == -12);
PIN(TG_E_TOO_LARGE == -13);
PIN(TG_OPTION_INT == 0);
PIN(TG_OPTION_BOOL == 1);
PIN(TG_OPTION_CHOICE == 2);
PIN(TG_OPTION_NUMBER == 3);
PIN(TG_BOT_RANDOM == 0);
PIN(TG_BOT_EASY == 1);
PIN(TG_BOT_MEDIUM == 2);
PIN(TG_BOT_HARD == 3);
PIN(TG_BOT_MEMORY_DEFAULT == 0);
PIN(TG_BOT_MEMORY_FULL == 1);
PIN(TG_BOT_MEMORY_LAST == 2);

/* ---- scalar types ------------------------------------------------------------ */
PIN(sizeof(tg_move) == 4 && (tg_move)-1 > 0);
PIN(sizeof(tg_status) == 4);
PIN(sizeof(tg_option_type) == 4);
PIN(sizeof(tg_bot_level) == 4);
PIN(sizeof(tg_bot_memory) == 4);
PIN(sizeof(tg_resize_fn) == sizeof(void (*)(void)));

/* ---- the type of every field ----------------------------------------------
 * Offsets and sizes cannot tell a double from a uint64_t, nor size_t from
 * uint32_t where both are 4 bytes: a generic selection can. abi/check_names.py
 * fails when a field of a public struct has no TYPE pin. */
#define TYPE(t, field, type) PIN(_Generic(((t *)0)->field, type: 1, default: 0))
PIN(_Generic((tg_resize_fn)0, void *(*)(void *, void *, size_t, size_t): 1, default: 0));
TYPE(tg_option_info, name, const char *);
TYPE(tg_option_info, type, tg_option_type);
TYPE(tg_option_info, default_value, const char *);
TYPE(tg_option_info, allowed, const char *);
TYPE(tg_option_info, description, const char *);
TYPE(tg_option_info, min, double);
TYPE(tg_option_info, max, double);
TYPE(tg_option_info, choices, const char *const *);
TYPE(tg_game_info, id, const char *);
TYPE(tg_game_info, name, const char *);
TYPE(tg_game_info, summary, const char *);
TYPE(tg_game_info, min_players, int);
TYPE(tg_game_info, max_players, int);
TYPE(tg_game_info, option_count, size_t);
TYPE(tg_allocator, alloc, void *(*)(size_t, void *));
TYPE(tg_allocator, release, void (*)(void *, void *));
TYPE(tg_allocator, user_data, void *);
TYPE(tg_sized_allocator, size, size_t);
TYPE(tg_sized_allocator, resize, tg_resize_fn);
TYPE(tg_sized_allocator, user_data, void *);
TYPE(tg_game_params, version, unsigned);
TYPE(tg_game_params, allocator, const tg_allocator *);
TYPE(tg_game_params, sized_allocator, const tg_sized_allocator *);
TYPE(tg_bot_params, version, unsigned);
TYPE(tg_bot_params, level, tg_bot_level);
TYPE(tg_bot_params, simulations, uint32_t);
TYPE(tg_bot_params, seconds, double);
TYPE(tg_bot_params, seed, uint64_t);
TYPE(tg_bot_params, memory, tg_bot_memory);
TYPE(tg_bot_params, reserved, uint32_t);
TYPE(tg_batch_params, version, unsigned);
TYPE(tg_batch_params, draw, int);
TYPE(tg_batch_buffers, version, unsigned);
TYPE(tg_batch_buffers, player, int32_t *);
TYPE(tg_batch_buffers, mask, uint8_t *);
TYPE(tg_batch_buffers, observation, float *);
TYPE(tg_batch_buffers, information, float *);
TYPE(tg_batch_buffers, rewards, double *);
TYPE(tg_batch_buffers, done, uint8_t *);
TYPE(tg_batch_buffers, observation_u8, uint8_t *);
TYPE(tg_batch_buffers, mask_bits, uint8_t *);

/* ---- structs, per data model ------------------------------------------------ */
#if __SIZEOF_POINTER__ == 8
/* LP64 and LLP64: x86-64, arm64, ppc64, s390x, riscv64, 64-bit Windows. */
LAYOUT(tg_option_info, 64, 8, (name, 0, 8), (type, 8, 4), (default_value, 16, 8), (allowed, 24, 8),
       (description, 32, 8), (min, 40, 8), (max, 48, 8), (choices, 56, 8));
LAYOUT(tg_game_info, 40, 8, (id, 0, 8), (name, 8, 8), (summary, 16, 8), (min_players, 24, 4),
       (max_players, 28, 4), (option_count, 32, 8));
LAYOUT(tg_allocator, 24, 8, (alloc, 0, 8), (release, 8, 8), (user_data, 16, 8));
LAYOUT(tg_sized_allocator, 24, 8, (size, 0, 8), (resize, 8, 8), (user_data, 16, 8));
LAYOUT(tg_game_params, 24, 8, (version, 0, 4), (allocator, 8, 8), (sized_allocator, 16, 8));
LAYOUT(tg_bot_params, 40, 8, (version, 0, 4), (level, 4, 4), (simulations, 8, 4), (seconds, 16, 8),
       (seed, 24, 8), (memory, 32, 4), (reserved, 36, 4));
LAYOUT(tg_batch_buffers, 72, 8, (version, 0, 4), (player, 8, 8), (mask, 16, 8),
       (observation, 24, 8), (information, 32, 8), (rewards, 40, 8), (done, 48, 8),
       (observation_u8, 56, 8), (mask_bits, 64, 8));
#elif __SIZEOF_POINTER__ == 4
/* ILP32. i386 aligns double and uint64_t to 4 bytes inside structs; the
 * other 32-bit ABIs (arm, mips, ppc, riscv32) to 8, which moves what
 * follows them. */
#if defined(__i386__)
LAYOUT(tg_option_info, 40, 4, (name, 0, 4), (type, 4, 4), (default_value, 8, 4), (allowed, 12, 4),
       (description, 16, 4), (min, 20, 8), (max, 28, 8), (choices, 36, 4));
LAYOUT(tg_bot_params, 36, 4, (version, 0, 4), (level, 4, 4), (simulations, 8, 4), (seconds, 12, 8),
       (seed, 20, 8), (memory, 28, 4), (reserved, 32, 4));
#else
LAYOUT(tg_option_info, 48, 8, (name, 0, 4), (type, 4, 4), (default_value, 8, 4), (allowed, 12, 4),
       (description, 16, 4), (min, 24, 8), (max, 32, 8), (choices, 40, 4));
LAYOUT(tg_bot_params, 40, 8, (version, 0, 4), (level, 4, 4), (simulations, 8, 4), (seconds, 16, 8),
       (seed, 24, 8), (memory, 32, 4), (reserved, 36, 4));
#endif
LAYOUT(tg_game_info, 24, 4, (id, 0, 4), (name, 4, 4), (summary, 8, 4), (min_players, 12, 4),
       (max_players, 16, 4), (option_count, 20, 4));
LAYOUT(tg_allocator, 12, 4, (alloc, 0, 4), (release, 4, 4), (user_data, 8, 4));
LAYOUT(tg_sized_allocator, 12, 4, (size, 0, 4), (resize, 4, 4), (user_data, 8, 4));
LAYOUT(tg_game_params, 12, 4, (version, 0, 4), (allocator, 4, 4), (sized_allocator, 8, 4));
LAYOUT(tg_batch_buffers, 36, 4, (version, 0, 4), (player, 4, 4), (mask, 8, 4),
       (observation, 12, 4), (information, 16, 4), (rewards, 20, 4), (done, 24, 4),
       (observation_u8, 28, 4), (mask_bits, 32, 4));
#else
#error "no layout table for this data model: add one from a 1.0 build (abi/README.md)"
#endif
/* Two ints on every data model. */
LAYOUT(tg_batch_params, 8, 4, (version, 0, 4), (draw, 4, 4));

/* Versioned structs end without padding on every ABI, so a layout's size
 * is where the next version's fields begin (lib/core/params.c relies on it). */
PIN(sizeof(tg_game_params) == offsetof(tg_game_params, sized_allocator) + sizeof(void *));
PIN(sizeof(tg_bot_params) == offsetof(tg_bot_params, reserved) + sizeof(uint32_t));
PIN(sizeof(tg_batch_params) == offsetof(tg_batch_params, draw) + sizeof(int));

/* ---- the initialisers, field by field (at run time) ----------------------- */

static int failures;
#define INIT_PIN(expr) ((expr) ? (void)0 : (void)(printf("layout: %s fails\n", #expr), failures++))

int main(void)
{
    tg_game_params g = TG_GAME_PARAMS_INIT;
    INIT_PIN(g.version == TG_GAME_PARAMS_VERSION);
    INIT_PIN(g.allocator == NULL);
    INIT_PIN(g.sized_allocator == NULL);
    tg_bot_params b = TG_BOT_PARAMS_INIT;
    INIT_PIN(b.version == TG_BOT_PARAMS_VERSION);
    INIT_PIN(b.level == TG_BOT_MEDIUM);
    INIT_PIN(b.simulations == 0);
    INIT_PIN(b.seconds == 0.0);
    INIT_PIN(b.seed == 0);
    INIT_PIN(b.memory == TG_BOT_MEMORY_DEFAULT);
    INIT_PIN(b.reserved == 0);
    tg_batch_params bp = TG_BATCH_PARAMS_INIT;
    INIT_PIN(bp.version == TG_BATCH_PARAMS_VERSION);
    INIT_PIN(bp.draw == TG_DRAW_ZERO);
    tg_batch_buffers bb = TG_BATCH_BUFFERS_INIT;
    INIT_PIN(bb.version == TG_BATCH_BUFFERS_VERSION);
    INIT_PIN(!bb.player && !bb.mask && !bb.observation && !bb.information && !bb.rewards &&
             !bb.done && !bb.observation_u8 && !bb.mask_bits);
    return failures != 0;
}
