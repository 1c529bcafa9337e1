# Runs one program twice and requires the lines matching FILTER to be the
# same both times (and to exist), for output that also holds timings.
#   cmake -DCMD="prog|arg|..." -DFILTER=regex -P run_same_lines.cmake
string(REPLACE "|" ";" CMD "${CMD}")
foreach(run first second)
  execute_process(COMMAND ${CMD} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code STREQUAL "0")
    message(FATAL_ERROR "exit status ${code}: ${out}${err}")
  endif()
  string(REGEX MATCHALL "${FILTER}" lines_${run} "${out}")
endforeach()
message("${lines_first}")
if(lines_first STREQUAL "")
  message(FATAL_ERROR "no line matches ${FILTER}")
endif()
if(NOT lines_first STREQUAL lines_second)
  message(FATAL_ERROR "the second run differs: ${lines_second}")
endif()
