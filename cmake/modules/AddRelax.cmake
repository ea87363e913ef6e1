# Thin project-prefixed wrappers around the AddMLIR helpers. They keep
# generated files inside the build tree and put every library into the
# exported `RelaxTargets` set that RelaxConfig.cmake loads.

include_guard()

# add_relax_library(name SRCS...
#   [DEPENDS targets...]
#   [LINK_LIBS libs...]      our own libraries
#   [MLIR_LIBS libs...]      upstream MLIR libraries (libMLIR.so when linking
#                            the MLIR dylib)
#   [LINK_COMPONENTS c...])  LLVM components (libLLVM.so when LLVM is a dylib)
function(add_relax_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS;MLIR_LIBS;LINK_COMPONENTS" ${ARGN})
  add_mlir_library(${name} DISABLE_INSTALL
    ${ARG_UNPARSED_ARGUMENTS}
    DEPENDS ${ARG_DEPENDS}
    LINK_COMPONENTS ${ARG_LINK_COMPONENTS}
    LINK_LIBS PUBLIC ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  set_property(GLOBAL APPEND PROPERTY RELAX_EXPORTS ${name})
  install(TARGETS ${name} EXPORT RelaxTargets
    ARCHIVE DESTINATION lib
    LIBRARY DESTINATION lib)
endfunction()

# add_relax_tablegen(td_file output_prefix flags...): runs mlir-tblgen on a .td
# file of the current directory.
function(add_relax_tablegen td output)
  set(LLVM_TARGET_DEFINITIONS ${td})
  mlir_tablegen(${output} ${ARGN})
  set(TABLEGEN_OUTPUT ${TABLEGEN_OUTPUT} PARENT_SCOPE)
endfunction()

# add_relax_doc(td_file output_name dir command): generates a Markdown
# reference page into <build>/docs/<dir><output_name>.md.
function(add_relax_doc td output dir command)
  add_mlir_doc(${td} ${output} ${dir} ${command} ${ARGN})
  add_dependencies(relax-doc ${output}DocGen)
endfunction()

# Copies the Python package python/<name> into the build tree's python/
# (target <name>-package, built by default) and installs it to
# <prefix>/python/<name>: a package finds the tools and libraries of its
# build or installation through its own location.
function(add_relax_python_package name)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/python/${name}/*.py)
  set(copies)
  foreach(source ${sources})
    get_filename_component(file ${source} NAME)
    set(copy ${CMAKE_BINARY_DIR}/python/${name}/${file})
    add_custom_command(OUTPUT ${copy}
      COMMAND ${CMAKE_COMMAND} -E copy ${source} ${copy}
      DEPENDS ${source}
      COMMENT "Copying ${name}/${file}")
    list(APPEND copies ${copy})
  endforeach()
  string(REPLACE "_" "-" target ${name})
  add_custom_target(${target}-package ALL DEPENDS ${copies})
  install(FILES ${sources} DESTINATION python/${name})
endfunction()
