/* The frozen parts of the 1.x ABI, pinned by the compiler: the value of
 * every public macro and enumerator, and the size and field offsets of
 * every public struct, per data model. It is compiled for the host and
 * with -m32 (tests/abi/CMakeLists.txt), so a change that moves a field on
 * one ABI only fails here too. abi/check_names.py fails when a public
 * macro, enumerator or struct is missing from this file.
 *
 * A failing assertion is an ABI break, not a test to update: see
 * abi/README.md. The only values that move are the ones naming the current
 * version (TG_VERSION_MINOR, TG_VERSION_PATCH, TG_*_PARAMS_VERSION), which
 * only grow, and the sizes of the versioned structs (tg_game_params,
 * tg_bot_params, tg_sized_allocator) when a release appends a field: then
 * pin the new field's offset and size, and never change an existing one. */
#include <boardgames/tablegames.h>

#define PIN(expr) _Static_assert(expr, #expr)
#define AT(type, field, offset) PIN(offsetof(type, field) == (offset))

/* ---- macros (common.h, save.h, game.h, bot.h, version.h) ---------------- */
PIN(TG_PLAYER_CHANCE == -1);
PIN(TG_PLAYER_TERMINAL == -2);
PIN(TG_PLAYER_INVALID == -3);
PIN(TG_VIEW_OMNISCIENT == -1);
PIN(TG_VIEW_PUBLIC == -2);
PIN(TG_MAX_PLAYERS == 8);
PIN(TG_SAVE_MAX_BYTES == 16u * 1024u * 1024u);
PIN(TG_GAME_PARAMS_VERSION == 2);
PIN(TG_BOT_PARAMS_VERSION == 2);
PIN(TG_VERSION_MAJOR == 1);
PIN(TG_VERSION_MINOR >= 2);
PIN(TG_VERSION_PATCH >= 0);
PIN(TG_VERSION_NUMBER == TG_VERSION_MAJOR * 10000 + TG_VERSION_MINOR * 100 + TG_VERSION_PATCH);
PIN(TG_VERSION_CHECK(1, 2, 0) && !TG_VERSION_CHECK(2, 0, 0));
PIN(sizeof TG_VERSION_STRING >= sizeof "1.2.0");
/* TG_API expands to an attribute or nothing; it has no value to pin. The
 * initialisers TG_GAME_PARAMS_INIT and TG_BOT_PARAMS_INIT are compared with
 * the init functions at run time (tests/api/api_params.c,
 * tests/bots/test_bot_params.c); here they must at least fit their structs. */
int tg_layout_initialisers(void);
int tg_layout_initialisers(void)
{
    tg_game_params g = TG_GAME_PARAMS_INIT;
    tg_bot_params b = TG_BOT_PARAMS_INIT;
    return (int)g.version + (int)b.version;
}

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

/* ---- structs, per data model ------------------------------------------------ */
#if __SIZEOF_POINTER__ == 8
/* LP64 and LLP64: x86-64, arm64, ppc64, s390x, riscv64, 64-bit Windows. */
PIN(sizeof(tg_option_info) == 64);
AT(tg_option_info, name, 0);
AT(tg_option_info, type, 8);
AT(tg_option_info, default_value, 16);
AT(tg_option_info, allowed, 24);
AT(tg_option_info, description, 32);
AT(tg_option_info, min, 40);
AT(tg_option_info, max, 48);
AT(tg_option_info, choices, 56);
PIN(sizeof(tg_game_info) == 40);
AT(tg_game_info, id, 0);
AT(tg_game_info, name, 8);
AT(tg_game_info, summary, 16);
AT(tg_game_info, min_players, 24);
AT(tg_game_info, max_players, 28);
AT(tg_game_info, option_count, 32);
PIN(sizeof(tg_allocator) == 24);
AT(tg_allocator, alloc, 0);
AT(tg_allocator, release, 8);
AT(tg_allocator, user_data, 16);
PIN(sizeof(tg_sized_allocator) == 24);
AT(tg_sized_allocator, size, 0);
AT(tg_sized_allocator, resize, 8);
AT(tg_sized_allocator, user_data, 16);
PIN(sizeof(tg_game_params) == 24);
AT(tg_game_params, version, 0);
AT(tg_game_params, allocator, 8);
AT(tg_game_params, sized_allocator, 16);
PIN(sizeof(tg_bot_params) == 40);
AT(tg_bot_params, version, 0);
AT(tg_bot_params, level, 4);
AT(tg_bot_params, simulations, 8);
AT(tg_bot_params, seconds, 16);
AT(tg_bot_params, seed, 24);
AT(tg_bot_params, memory, 32);
AT(tg_bot_params, reserved, 36);
#elif __SIZEOF_POINTER__ == 4
/* ILP32. i386 aligns double and uint64_t to 4 bytes inside structs; the
 * other 32-bit ABIs (arm, mips, ppc, riscv32) to 8, which moves what
 * follows them. */
#if defined(__i386__)
#define EIGHT_BYTE_ALIGN 4
#else
#define EIGHT_BYTE_ALIGN 8
#endif
AT(tg_option_info, name, 0);
AT(tg_option_info, type, 4);
AT(tg_option_info, default_value, 8);
AT(tg_option_info, allowed, 12);
AT(tg_option_info, description, 16);
#if EIGHT_BYTE_ALIGN == 4
PIN(sizeof(tg_option_info) == 40);
AT(tg_option_info, min, 20);
AT(tg_option_info, max, 28);
AT(tg_option_info, choices, 36);
#else
PIN(sizeof(tg_option_info) == 48);
AT(tg_option_info, min, 24);
AT(tg_option_info, max, 32);
AT(tg_option_info, choices, 40);
#endif
PIN(sizeof(tg_game_info) == 24);
AT(tg_game_info, id, 0);
AT(tg_game_info, name, 4);
AT(tg_game_info, summary, 8);
AT(tg_game_info, min_players, 12);
AT(tg_game_info, max_players, 16);
AT(tg_game_info, option_count, 20);
PIN(sizeof(tg_allocator) == 12);
AT(tg_allocator, alloc, 0);
AT(tg_allocator, release, 4);
AT(tg_allocator, user_data, 8);
PIN(sizeof(tg_sized_allocator) == 12);
AT(tg_sized_allocator, size, 0);
AT(tg_sized_allocator, resize, 4);
AT(tg_sized_allocator, user_data, 8);
PIN(sizeof(tg_game_params) == 12);
AT(tg_game_params, version, 0);
AT(tg_game_params, allocator, 4);
AT(tg_game_params, sized_allocator, 8);
AT(tg_bot_params, version, 0);
AT(tg_bot_params, level, 4);
AT(tg_bot_params, simulations, 8);
#if EIGHT_BYTE_ALIGN == 4
PIN(sizeof(tg_bot_params) == 36);
AT(tg_bot_params, seconds, 12);
AT(tg_bot_params, seed, 20);
AT(tg_bot_params, memory, 28);
AT(tg_bot_params, reserved, 32);
#else
PIN(sizeof(tg_bot_params) == 40);
AT(tg_bot_params, seconds, 16);
AT(tg_bot_params, seed, 24);
AT(tg_bot_params, memory, 32);
AT(tg_bot_params, reserved, 36);
#endif
#else
#error "no layout table for this data model: add one from a 1.0 build (abi/README.md)"
#endif

/* Versioned structs end without padding on every ABI, so a layout's size
 * is where the next version's fields begin (lib/core/params.c relies on it). */
PIN(sizeof(tg_game_params) == offsetof(tg_game_params, sized_allocator) + sizeof(void *));
PIN(sizeof(tg_bot_params) == offsetof(tg_bot_params, reserved) + sizeof(uint32_t));
