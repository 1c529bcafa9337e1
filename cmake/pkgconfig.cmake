# tablegames.pc is written when it is installed, with the prefix really
# installed to (`cmake --install --prefix`, CPack's /usr), as absolute
# paths: on /usr pkg-config then recognises its system directories and
# `pkg-config --cflags --libs tablegames` prints just -ltablegames, and in
# any other prefix it names that prefix however the tree was configured.
configure_file(cmake/write_pc.cmake.in ${PROJECT_BINARY_DIR}/write_pc.cmake @ONLY)
install(SCRIPT ${PROJECT_BINARY_DIR}/write_pc.cmake COMPONENT dev)
