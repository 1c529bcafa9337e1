# Installed programs and the Lua module find the installed library on their
# own: in a prefix the system linker does not search (/usr/local, /opt/...,
# a home folder) they carry an RPATH relative to where they are
# ($ORIGIN/../lib for bin/tablegames), so the tree works wherever it is
# installed or moved, without ldconfig or LD_LIBRARY_PATH. On /usr the
# library is in a system directory and they carry none, as Debian asks.
list(FIND CMAKE_C_IMPLICIT_LINK_DIRECTORIES "${CMAKE_INSTALL_FULL_LIBDIR}" tg_libdir_index)
if(tg_libdir_index EQUAL -1)
  set(TG_LIBDIR_IS_SYSTEM OFF)
else()
  set(TG_LIBDIR_IS_SYSTEM ON)
endif()

# tg_install_rpath(TARGET DESTINATION): TARGET is installed to DESTINATION
# (relative to the prefix, or absolute).
function(tg_install_rpath target destination)
  if(TG_LIBDIR_IS_SYSTEM)
    return()
  endif()
  if(NOT IS_ABSOLUTE "${destination}")
    set(destination "${CMAKE_INSTALL_PREFIX}/${destination}")
  endif()
  file(RELATIVE_PATH rel "${destination}" "${CMAKE_INSTALL_FULL_LIBDIR}")
  string(REGEX REPLACE "/$" "" rel "${rel}")
  if(rel STREQUAL "")
    set(rel ".")
  endif()
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/${rel}")
endfunction()
