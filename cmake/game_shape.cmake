# The shape every registered game keeps (lib/games/README.md): the core set
# of files in lib/games/<id>/, the helper pair and runner in
# tests/games/<id>/, its rule page, its short rules for the terminal and its
# golden data.
#
#   cmake -DTG_SOURCE_DIR=<repository> -P cmake/game_shape.cmake
# (the ctest entry game_shape) fails with one line per missing file; the
# top-level CMakeLists.txt includes this file to warn at configure time.

set(TG_GAME_CORE_FILES board.c rules.c legal.c notation.c view.c events.c
    position_json.c validate.c resample.c easy.c tensor.c)
set(TG_GAME_TEST_FILES CMakeLists.txt test_support.c test_support.h test_main.c)

# The games of lib/games/games.def under source_dir, in out_var.
function(tg_registered_games source_dir out_var)
  file(STRINGS ${source_dir}/lib/games/games.def lines REGEX "^TG_GAME\\(")
  set(games "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^TG_GAME\\(([a-z_0-9]+)\\).*" "\\1" game "${line}")
    list(APPEND games ${game})
  endforeach()
  set(${out_var} ${games} PARENT_SCOPE)
endfunction()

# One message per file a game lacks, in out_var (empty when all is there).
function(tg_game_shape_problems source_dir game out_var)
  set(problems "")
  foreach(f ${game}.h ${game}.c ${TG_GAME_CORE_FILES})
    if(NOT EXISTS ${source_dir}/lib/games/${game}/${f})
      list(APPEND problems "lib/games/${game}/${f} is missing")
    endif()
  endforeach()
  foreach(f IN LISTS TG_GAME_TEST_FILES)
    if(NOT EXISTS ${source_dir}/tests/games/${game}/${f})
      list(APPEND problems "tests/games/${game}/${f} is missing")
    endif()
  endforeach()
  file(GLOB area_tests ${source_dir}/tests/games/${game}/test_*.c)
  list(FILTER area_tests EXCLUDE REGEX "/test_(support|main)\\.c$")
  if(NOT area_tests)
    list(APPEND problems "tests/games/${game}/ has no test_<area>.c")
  endif()
  if(NOT EXISTS ${source_dir}/docs/rules/${game}.md)
    list(APPEND problems "docs/rules/${game}.md is missing")
  endif()
  if(NOT EXISTS ${source_dir}/examples/tablegames/rules/${game}.txt)
    list(APPEND problems "examples/tablegames/rules/${game}.txt (the short rules of :rules) is missing")
  endif()
  file(GLOB golden ${source_dir}/tests/golden/data/${game}_p*.game.json)
  if(NOT golden)
    list(APPEND problems "tests/golden/data has no ${game}_p*.game.json")
  endif()
  set(${out_var} ${problems} PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT TG_SOURCE_DIR)
    message(FATAL_ERROR "usage: cmake -DTG_SOURCE_DIR=<repository> -P game_shape.cmake")
  endif()
  tg_registered_games(${TG_SOURCE_DIR} games)
  if(NOT games)
    message(FATAL_ERROR "no TG_GAME(...) line in ${TG_SOURCE_DIR}/lib/games/games.def")
  endif()
  set(all "")
  foreach(game IN LISTS games)
    tg_game_shape_problems(${TG_SOURCE_DIR} ${game} problems)
    list(APPEND all ${problems})
  endforeach()
  if(all)
    list(JOIN all "\n  " text)
    message(FATAL_ERROR "game folders out of shape (lib/games/README.md):\n  ${text}")
  endif()
  list(JOIN games ", " names)
  message(STATUS "game shape: ${names} have every core file")
endif()
