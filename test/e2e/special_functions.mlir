// RUN: xla-run %s --input %S/Inputs/special_f32.npy --no-print 2>&1 | FileCheck %s

// Special functions (CHLO lgamma, digamma, erf_inv, bessel_i1e, next_after)
// and complex elementary functions at known points. The input is
// x = [0.5, 1, 2, -2.5] (an input, so nothing is constant-folded); the
// expected values are mpmath results rounded to the element type:
// lgamma(0.5) = log(sqrt(pi)), lgamma(1) = lgamma(2) = 0,
// digamma(1) = -0.5772156649 (-gamma), erf_inv(0.5) = 0.4769362762,
// bessel_i1e(1) = 0.2079104153, next_after(1, 2) = 1 + 2^-23 in f32.
// CHECK: all 32 check(s) passed
func.func @main(%x: tensor<4xf32>) {
  %two = hlo.constant dense<2.0> : tensor<4xf32>
  %quarter = hlo.constant dense<0.25> : tensor<4xf32>
  %xq = hlo.multiply %x, %quarter : tensor<4xf32>
  // f32
  %lg_f32 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  %lg_f32_e = hlo.constant dense<[0.5723649263381958, 0.0, 0.0, -0.056243717670440674]> : tensor<4xf32>
  check.expect_almost_eq %lg_f32, %lg_f32_e, tolerance = 1.0e-06 : tensor<4xf32>
  %dg_f32 = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>
  %dg_f32_e = hlo.constant dense<[-1.9635100364685059, -0.5772156715393066, 0.42278432846069336, 1.1031566858291626]> : tensor<4xf32>
  check.expect_almost_eq %dg_f32, %dg_f32_e, tolerance = 1.0e-06 : tensor<4xf32>
  %ei_f32 = chlo.erf_inv %xq : tensor<4xf32> -> tensor<4xf32>
  %ei_f32_e = hlo.constant dense<[0.11123545467853546, 0.22531205415725708, 0.4769362807273865, -0.6273073554039001]> : tensor<4xf32>
  check.expect_close %ei_f32, %ei_f32_e, max_ulp_difference = 2 : tensor<4xf32>, tensor<4xf32>
  %i1_f32 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  %i1_f32_e = hlo.constant dense<[0.15642079710960388, 0.207910418510437, 0.2152692824602127, -0.2065846472978592]> : tensor<4xf32>
  check.expect_almost_eq %i1_f32, %i1_f32_e, tolerance = 1.0e-06 : tensor<4xf32>
  %x_f64 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf64>
  %xq_f64 = hlo.convert %xq : (tensor<4xf32>) -> tensor<4xf64>
  // f64
  %lg_f64 = chlo.lgamma %x_f64 : tensor<4xf64> -> tensor<4xf64>
  %lg_f64_e = hlo.constant dense<[0.5723649429247001, 0.0, 0.0, -0.056243716497674054]> : tensor<4xf64>
  check.expect_almost_eq %lg_f64, %lg_f64_e, tolerance = 1.0e-13 : tensor<4xf64>
  %dg_f64 = chlo.digamma %x_f64 : tensor<4xf64> -> tensor<4xf64>
  %dg_f64_e = hlo.constant dense<[-1.9635100260214235, -0.5772156649015329, 0.42278433509846713, 1.103156640645243]> : tensor<4xf64>
  check.expect_almost_eq %dg_f64, %dg_f64_e, tolerance = 1.0e-13 : tensor<4xf64>
  %ei_f64 = chlo.erf_inv %xq_f64 : tensor<4xf64> -> tensor<4xf64>
  %ei_f64_e = hlo.constant dense<[0.11123545184094996, 0.2253120550121781, 0.4769362762044699, -0.627307347788559]> : tensor<4xf64>
  check.expect_close %ei_f64, %ei_f64_e, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  %i1_f64 = chlo.bessel_i1e %x_f64 : tensor<4xf64> -> tensor<4xf64>
  %i1_f64_e = hlo.constant dense<[0.1564208031848717, 0.20791041534970844, 0.21526928924893765, -0.20658464953126657]> : tensor<4xf64>
  check.expect_almost_eq %i1_f64, %i1_f64_e, tolerance = 1.0e-13 : tensor<4xf64>
  %x_f16 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf16>
  %xq_f16 = hlo.convert %xq : (tensor<4xf32>) -> tensor<4xf16>
  // f16
  %lg_f16 = chlo.lgamma %x_f16 : tensor<4xf16> -> tensor<4xf16>
  %lg_f16_e = hlo.constant dense<[0.572265625, 0.0, 0.0, -0.056243896484375]> : tensor<4xf16>
  check.expect_almost_eq %lg_f16, %lg_f16_e, tolerance = 1.0e-03 : tensor<4xf16>
  %dg_f16 = chlo.digamma %x_f16 : tensor<4xf16> -> tensor<4xf16>
  %dg_f16_e = hlo.constant dense<[-1.9638671875, -0.5771484375, 0.4228515625, 1.103515625]> : tensor<4xf16>
  check.expect_almost_eq %dg_f16, %dg_f16_e, tolerance = 1.0e-03 : tensor<4xf16>
  %ei_f16 = chlo.erf_inv %xq_f16 : tensor<4xf16> -> tensor<4xf16>
  %ei_f16_e = hlo.constant dense<[0.1112060546875, 0.225341796875, 0.47705078125, -0.62744140625]> : tensor<4xf16>
  check.expect_close %ei_f16, %ei_f16_e, max_ulp_difference = 1 : tensor<4xf16>, tensor<4xf16>
  %i1_f16 = chlo.bessel_i1e %x_f16 : tensor<4xf16> -> tensor<4xf16>
  %i1_f16_e = hlo.constant dense<[0.1563720703125, 0.2078857421875, 0.2152099609375, -0.20654296875]> : tensor<4xf16>
  check.expect_almost_eq %i1_f16, %i1_f16_e, tolerance = 1.0e-03 : tensor<4xf16>
  // next_after: one ulp toward 2; next_after(2, 2) = 2.
  %na = chlo.next_after %x, %two : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %na_e = hlo.constant dense<[0.5000000596046448, 1.0000001192092896, 2.0, -2.499999761581421]> : tensor<4xf32>
  check.expect_eq %na, %na_e : tensor<4xf32>
  %two_f16 = hlo.convert %two : (tensor<4xf32>) -> tensor<4xf16>
  %na16 = chlo.next_after %x_f16, %two_f16 : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  %na16_e = hlo.constant dense<[0.50048828125, 1.0009765625, 2.0, -2.498046875]> : tensor<4xf16>
  check.expect_eq %na16, %na16_e : tensor<4xf16>
  // Complex functions at z = x + 0.75ix.
  %three_quarters = hlo.constant dense<0.75> : tensor<4xf32>
  %y = hlo.multiply %x, %three_quarters : tensor<4xf32>
  %z = hlo.complex %x, %y : tensor<4xcomplex<f32>>
  %z64 = hlo.convert %z : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  %sinh_f64 = chlo.sinh %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %sinh_f64_e = hlo.constant dense<[(0.48488315350465777, 0.41301841413923657), (0.8598816320763972, 1.051823570531482), (0.2565539560904818, 3.752771340479298), (1.8122389613697203, -5.850730201261831)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %sinh_f64, %sinh_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %sinh_f32 = chlo.sinh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %sinh_f32_e = hlo.constant dense<[(0.4848831593990326, 0.4130184054374695), (0.8598816394805908, 1.051823616027832), (0.2565539479255676, 3.7527713775634766), (1.8122389316558838, -5.8507304191589355)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %sinh_f32, %sinh_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %cosh_f64 = chlo.cosh %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %cosh_f64_e = hlo.constant dense<[(1.0492645552907673, 0.19086289543806143), (1.1290549242690633, 0.8010626844133031), (0.2661271953135458, 3.6177750739401375), (-1.836826168813103, 5.772414071191317)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %cosh_f64, %cosh_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %cosh_f32 = chlo.cosh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %cosh_f32_e = hlo.constant dense<[(1.0492645502090454, 0.19086289405822754), (1.1290549039840698, 0.8010627031326294), (0.26612719893455505, 3.6177749633789062), (-1.836826205253601, 5.772414207458496)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %cosh_f32, %cosh_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %asin_f64 = chlo.asin %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %asin_f64_e = hlo.constant dense<[(0.47865111854524833, 0.410825263237397), (0.7656426725674891, 0.909593592007184), (0.8877651461839051, 1.6004100552346137), (-0.902230929658825, -1.826282567850423)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %asin_f64, %asin_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %asin_f32 = chlo.asin %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %asin_f32_e = hlo.constant dense<[(0.47865110635757446, 0.410825252532959), (0.7656426429748535, 0.9095935821533203), (0.8877651691436768, 1.6004101037979126), (-0.9022309184074402, -1.8262826204299927)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %asin_f32, %asin_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %acos_f64 = chlo.acos %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %acos_f64_e = hlo.constant dense<[(1.0921452082496483, -0.410825263237397), (0.8051536542274075, -0.909593592007184), (0.6830311806109916, -1.6004100552346137), (2.4730272564537215, 1.826282567850423)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %acos_f64, %acos_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %acos_f32 = chlo.acos %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %acos_f32_e = hlo.constant dense<[(1.0921452045440674, -0.410825252532959), (0.8051536679267883, -0.9095935821533203), (0.6830312013626099, -1.6004101037979126), (2.473027229309082, 1.8262826204299927)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %acos_f32, %acos_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %acosh_f64 = chlo.acosh %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %acosh_f64_e = hlo.constant dense<[(0.410825263237397, 1.0921452082496483), (0.909593592007184, 0.8051536542274075), (1.6004100552346137, 0.6830311806109916), (1.826282567850423, -2.4730272564537215)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %acosh_f64, %acosh_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %acosh_f32 = chlo.acosh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %acosh_f32_e = hlo.constant dense<[(0.410825252532959, 1.0921452045440674), (0.9095935821533203, 0.8051536679267883), (1.6004101037979126, 0.6830312013626099), (1.8262826204299927, -2.473027229309082)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %acosh_f32, %acosh_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %asinh_f64 = chlo.asinh %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %asinh_f64_e = hlo.constant dense<[(0.5078267150713465, 0.3377324354884428), (0.9828661390291653, 0.5148381840389585), (1.6224941488715938, 0.6065115181997548), (-1.8405349811607985, -0.6194870135570401)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %asinh_f64, %asinh_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %asinh_f32 = chlo.asinh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %asinh_f32_e = hlo.constant dense<[(0.5078266859054565, 0.3377324342727661), (0.9828661680221558, 0.5148381590843201), (1.622494101524353, 0.6065115332603455), (-1.8405349254608154, -0.6194869875907898)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %asinh_f32, %asinh_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %atan_f64 = chlo.atan %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %atan_f64_e = hlo.constant dense<[(0.5117559729037299, 0.3016022147809543), (0.9224818889572777, 0.33529348145985527), (1.2452579660726568, 0.22008968066202292), (-1.311607367925252, -0.18177146276789605)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %atan_f64, %atan_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %atan_f32 = chlo.atan %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %atan_f32_e = hlo.constant dense<[(0.5117559432983398, 0.30160221457481384), (0.922481894493103, 0.3352934718132019), (1.2452579736709595, 0.22008967399597168), (-1.3116073608398438, -0.18177145719528198)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %atan_f32, %atan_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %atanh_f64 = chlo.atanh %z64 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %atanh_f64_e = hlo.constant dense<[(0.4528905241310587, 0.44423988596007424), (0.523308715953043, 0.9647834985327344), (0.3104282830771958, 1.311223269671635), (-0.2514795940782704, -1.3686732225035738)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %atanh_f64, %atanh_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %atanh_f32 = chlo.atanh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %atanh_f32_e = hlo.constant dense<[(0.4528905153274536, 0.44423988461494446), (0.5233086943626404, 0.9647834897041321), (0.31042829155921936, 1.3112232685089111), (-0.2514795958995819, -1.3686732053756714)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %atanh_f32, %atanh_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  %cbrt_f64 = hlo.cbrt %z64 : tensor<4xcomplex<f64>>
  %cbrt_f64_e = hlo.constant dense<[(0.8353941003444981, 0.1819921197822121), (1.0525306119820232, 0.2292957026285982), (1.326105473694884, 0.28889448239220605), (0.9837608740770631, -1.0815195217752678)]> : tensor<4xcomplex<f64>>
  check.expect_almost_eq %cbrt_f64, %cbrt_f64_e, tolerance = 1.0e-14 : tensor<4xcomplex<f64>>
  %cbrt_f32 = hlo.cbrt %z : tensor<4xcomplex<f32>>
  %cbrt_f32_e = hlo.constant dense<[(0.8353940844535828, 0.18199211359024048), (1.0525306463241577, 0.22929570078849792), (1.3261054754257202, 0.2888944745063782), (0.9837608933448792, -1.0815194845199585)]> : tensor<4xcomplex<f32>>
  check.expect_almost_eq %cbrt_f32, %cbrt_f32_e, tolerance = 1.0e-06 : tensor<4xcomplex<f32>>
  return
}
