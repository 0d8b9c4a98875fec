# The layers of xla-mlir (docs/architecture.md), checked at configure time:
# a library may link libraries of its own layer or lower ones, never a
# higher one, and the runtime links no LLVM or MLIR library at all.
#
#   0 runtime       lib/Runtime
#   1 base          lib/ToolSupport, lib/Dialect, lib/Target
#   2 lowering      lib/Conversion, lib/Transforms
#   3 pipelines     lib/Pipelines, lib/InitAll
#   4 compiler      lib/Compiler
#
# Tools and the Python package sit on top and may link anything.
# test/Layering/layer_check.mlir configures small projects that break each
# rule and checks that configuration fails.

include(${CMAKE_CURRENT_LIST_DIR}/XLALibraries.cmake)

function(xla_layer_of target out)
  get_target_property(dir ${target} SOURCE_DIR)
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${dir})
  if(rel MATCHES "^lib/Runtime")
    set(layer 0)
  elseif(rel MATCHES "^lib/(ToolSupport|Dialect|Target)")
    set(layer 1)
  elseif(rel MATCHES "^lib/(Conversion|Transforms)")
    set(layer 2)
  elseif(rel MATCHES "^lib/(Pipelines|InitAll)")
    set(layer 3)
  elseif(rel MATCHES "^lib/Compiler")
    set(layer 4)
  else()
    set(layer 5)
  endif()
  set(${out} ${layer} PARENT_SCOPE)
endfunction()

function(xla_check_layers)
  xla_collect_libraries(${PROJECT_SOURCE_DIR}/lib libs)
  foreach(lib ${libs})
    xla_layer_of(${lib} layer)
    get_target_property(deps ${lib} LINK_LIBRARIES)
    get_target_property(interface ${lib} INTERFACE_LINK_LIBRARIES)
    foreach(dep ${deps} ${interface})
      if(NOT dep OR dep MATCHES "-NOTFOUND$")
        continue()
      endif()
      if(layer EQUAL 0 AND dep MATCHES "(^|[/:])(LLVM|MLIR|mlir_|libLLVM|libMLIR)")
        message(FATAL_ERROR "layering: the runtime (${lib}) links ${dep}; "
          "it must run compiled code without LLVM or MLIR")
      endif()
      if(TARGET ${dep} AND dep MATCHES "^XLA")
        xla_layer_of(${dep} depLayer)
        if(depLayer GREATER layer)
          message(FATAL_ERROR "layering: ${lib} (layer ${layer}) links "
            "${dep} (layer ${depLayer}); see cmake/XLALayers.cmake")
        endif()
      endif()
    endforeach()
  endforeach()
endfunction()
