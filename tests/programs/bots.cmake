# tablegames play --bots and tablegames tournament (included from
# CMakeLists.txt once witches_dance is known to be registered).
set(bots_answers ${CMAKE_CURRENT_BINARY_DIR}/answers.txt)

# --bots SPEC: good specs.
tg_program_test(cli_bots_person_vs_two EXIT 0 INPUT ${bots_answers}
                MATCH "player 1 \\(computer\\): .*player 0> .*game (left|over) after"
                NOMATCH "player 0 \\(computer\\)"
                COMMAND ${cli} play witches_dance --players 3 --seed 5 --bots 1,2=easy)
tg_program_test(cli_bots_auto_mixed EXIT 0 TWICE MATCH "winners?: players? [0-3]"
                COMMAND ${cli} play witches_dance --players 4 --seed 3 --auto --quiet
                        --bots 0=easy,3=random)
tg_program_test(cli_bots_all_random EXIT 0 TWICE MATCH "winners?: players? [01]"
                COMMAND ${cli} play witches_dance --players 2 --seed 2 --auto --quiet
                        --bots all=random)
# A seat without a level plays medium; the other seat, unlisted, plays random.
tg_program_test(cli_bots_default_medium EXIT 0 TWICE MATCH "winners?: players? [01]"
                COMMAND ${cli} play witches_dance --players 2 --seed 4 --auto --quiet
                        --bots 1)
# --bots SPEC: bad specs are refused before any game starts.
set(bad_index 0)
foreach(bad "1=genius;unknown level" "1,,2;empty seat" ",1;empty seat" "1,1=easy;seat named twice"
            "all,0;seat named twice" "x=easy;no such seat" "-1;no such seat" "1=;unknown level"
            "9;no such seat")
  math(EXPR bad_index "${bad_index} + 1")
  list(GET bad 0 spec)
  list(GET bad 1 why)
  tg_program_test(cli_bots_bad_${bad_index} EXIT 2 MATCH "--bots: ${why}"
                  COMMAND ${cli} play witches_dance --players 3 --bots ${spec} --auto)
endforeach()
tg_program_test(cli_bots_seat_out_of_range EXIT 2 MATCH "--bots: no seat 5 in a 3-player game"
                COMMAND ${cli} play witches_dance --players 3 --bots 5=easy --auto)
tg_program_test(cli_bots_and_computer EXIT 2 MATCH "bad value 'easy' for --computer"
                COMMAND ${cli} play witches_dance --bots 1=easy --computer easy --auto)

# tournament: a short run prints one row per level with a Wilson interval.
set(row "[0-9.]+ +[0-9.]+% \\[ *[0-9.]+%, +[0-9.]+%\\] +[0-9.]+ +[0-9.]+\n")
tg_program_test(cli_tournament_random EXIT 0
                MATCH "6 games, seeds 3\\.\\.8.*no-skill share: 0\\.500\nlevel .*\nrandom +12 +6\\.0 +50\\.0%"
                COMMAND ${cli} tournament witches_dance --games 6 --seats random,random --seed 3)
tg_program_test(cli_tournament_two_levels EXIT 0
                MATCH "level .*\nrandom +6 +${row}easy +6 +${row}$"
                COMMAND ${cli} tournament witches_dance --games 6 --seats random,easy)
tg_program_test(cli_tournament_json EXIT 0
                MATCH "^{\"game\":\"witches_dance\",.*\"players\":3,\"games\":6,.*\"levels\":\\[{\"level\":\"random\",\"games\":12,.*},{\"level\":\"easy\",\"games\":6,.*\"decisions_per_second\":[0-9.]+}\\]}\n$"
                COMMAND ${cli} tournament witches_dance --games 6 --seats random,easy,random --json)
add_test(NAME cli_tournament_same_seed_same_wins
         COMMAND ${CMAKE_COMMAND} "-DCMD=${cli}|tournament|witches_dance|--players|3|--games|9|--seats|easy,random,medium|--seed|42|--simulations|20"
                 "-DFILTER=[a-z]+ +[0-9]+ +[0-9.]+ +[0-9.]+% \\[[0-9. %,]+\\] +[0-9.]+"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/run_same_lines.cmake)
tg_program_test(cli_tournament_unknown_game EXIT 1 MATCH "unknown game"
                COMMAND ${cli} tournament no_such_game --seats random,easy)
tg_program_test(cli_tournament_bad_level EXIT 2 MATCH "bad value 'random,genius' for --seats"
                COMMAND ${cli} tournament witches_dance --seats random,genius)
tg_program_test(cli_tournament_needs_seats EXIT 2 MATCH "--seats LEVEL,LEVEL,... is required"
                COMMAND ${cli} tournament witches_dance)
tg_program_test(cli_tournament_seat_count EXIT 2 MATCH "--seats names 2 levels for 3 players"
                COMMAND ${cli} tournament witches_dance --players 3 --seats random,easy)
tg_program_test(cli_tournament_no_games EXIT 2 MATCH "bad value '0' for --games"
                COMMAND ${cli} tournament witches_dance --games 0 --seats random,easy)
