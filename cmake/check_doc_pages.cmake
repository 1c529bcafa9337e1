# Run by the docs target after doxygen: every document under docs/ must be a
# page of the reference, listed on its "Related Pages" page (pages.html);
# docs/guide.md is the main page (index.html).
#   cmake -DSOURCE_DIR=... -DHTML_DIR=... -P cmake/check_doc_pages.cmake
file(GLOB_RECURSE docs RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/docs/*.md)
if(NOT EXISTS ${HTML_DIR}/index.html)
  message(FATAL_ERROR "docs/guide.md: no main page ${HTML_DIR}/index.html")
endif()
file(READ ${HTML_DIR}/pages.html pages)
set(missing "")
foreach(doc IN LISTS docs)
  if(doc STREQUAL "docs/guide.md")
    continue()
  endif()
  # Doxygen names a Markdown page md_ + its path, / and - made _.
  string(REGEX REPLACE "\\.md$" "" name "${doc}")
  string(REGEX REPLACE "[/.-]" "_" name "md_${name}")
  string(FIND "${pages}" "${name}.html" at)
  if(NOT EXISTS ${HTML_DIR}/${name}.html OR at EQUAL -1)
    list(APPEND missing "${doc} (${name}.html)")
  endif()
endforeach()
if(missing)
  list(JOIN missing ", " missing)
  message(FATAL_ERROR "not in the API reference: ${missing}")
endif()
list(LENGTH docs count)
message(STATUS "API reference: all ${count} documents under docs/ are pages")
