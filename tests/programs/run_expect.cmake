# Runs one program and checks its exit status and output, so a test can ask
# for an exact exit code (ctest alone only knows zero / non-zero).
#   cmake -DCMD="prog|arg|..." -DEXIT=0 [-DINPUT=file] [-DMATCH=regex]
#         [-DNOMATCH=regex] [-DSTDOUT=regex] [-DTWICE=1] -P run_expect.cmake
# MATCH and NOMATCH look at stdout and stderr together, STDOUT at stdout
# alone (usage on stdout, not stderr).
# TWICE=1 runs the command a second time and requires the same output.
string(REPLACE "|" ";" CMD "${CMD}")
if(NOT DEFINED INPUT OR INPUT STREQUAL "")
  set(INPUT /dev/null)
endif()
execute_process(COMMAND ${CMD} INPUT_FILE ${INPUT}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT code STREQUAL "${EXIT}")
  message(FATAL_ERROR "exit status ${code}, expected ${EXIT}")
endif()
if(DEFINED MATCH AND NOT "${out}${err}" MATCHES "${MATCH}")
  message(FATAL_ERROR "output does not match: ${MATCH}")
endif()
if(DEFINED STDOUT AND NOT "${out}" MATCHES "${STDOUT}")
  message(FATAL_ERROR "standard output does not match: ${STDOUT}")
endif()
if(DEFINED NOMATCH AND "${out}${err}" MATCHES "${NOMATCH}")
  message(FATAL_ERROR "output matches what it must not: ${NOMATCH}")
endif()
if(TWICE)
  execute_process(COMMAND ${CMD} INPUT_FILE ${INPUT} OUTPUT_VARIABLE again ERROR_QUIET)
  if(NOT again STREQUAL out)
    message(FATAL_ERROR "a second run with the same arguments printed something else")
  endif()
endif()
