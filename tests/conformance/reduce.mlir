// stablehlo.reduce on every element type (compact `applies` form, region form, all dimensions),
// and variadic reduces: the `reducer` form JAX prints for argmax and the generic form.

func.func @reduce_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %low = stablehlo.constant dense<false> : tensor<i1>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.or across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %r1, dense<true> : tensor<2xi1>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.or across dimensions = [0] : (tensor<2x3xi1>, tensor<i1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, false]> : tensor<3xi1>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<2x3xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all, dense<true> : tensor<i1>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %mx, dense<true> : tensor<2xi1>
  func.return
}

// -----

func.func @reduce_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %init = stablehlo.constant dense<0> : tensor<i8>
  %low = stablehlo.constant dense<-128> : tensor<i8>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi8>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi8>, tensor<i8>) -> tensor<3xi8>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi8>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<2x3xi8>, tensor<i8>) -> tensor<i8>
  check.expect_eq_const %all, dense<21> : tensor<i8>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi8>
  func.return
}

// -----

func.func @reduce_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %init = stablehlo.constant dense<0> : tensor<i16>
  %low = stablehlo.constant dense<-32768> : tensor<i16>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi16>, tensor<i16>) -> tensor<2xi16>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi16>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi16>, tensor<i16>) -> tensor<3xi16>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi16>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %s : tensor<i16>
  }) : (tensor<2x3xi16>, tensor<i16>) -> tensor<i16>
  check.expect_eq_const %all, dense<21> : tensor<i16>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi16>, tensor<i16>) -> tensor<2xi16>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi16>
  func.return
}

// -----

func.func @reduce_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %low = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi32>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi32>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %all, dense<21> : tensor<i32>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi32>
  func.return
}

// -----

func.func @reduce_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %low = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi64>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi64>, tensor<i64>) -> tensor<3xi64>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi64>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<2x3xi64>, tensor<i64>) -> tensor<i64>
  check.expect_eq_const %all, dense<21> : tensor<i64>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi64>
  func.return
}

// -----

func.func @reduce_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %low = stablehlo.constant dense<0> : tensor<ui8>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui8>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<3xui8>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui8>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<2x3xui8>, tensor<ui8>) -> tensor<ui8>
  check.expect_eq_const %all, dense<21> : tensor<ui8>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui8>
  func.return
}

// -----

func.func @reduce_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %init = stablehlo.constant dense<0> : tensor<ui16>
  %low = stablehlo.constant dense<0> : tensor<ui16>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<2xui16>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui16>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<3xui16>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui16>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %s = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %s : tensor<ui16>
  }) : (tensor<2x3xui16>, tensor<ui16>) -> tensor<ui16>
  check.expect_eq_const %all, dense<21> : tensor<ui16>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<2xui16>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui16>
  func.return
}

// -----

func.func @reduce_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %init = stablehlo.constant dense<0> : tensor<ui32>
  %low = stablehlo.constant dense<0> : tensor<ui32>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2xui32>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui32>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<3xui32>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui32>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<2x3xui32>, tensor<ui32>) -> tensor<ui32>
  check.expect_eq_const %all, dense<21> : tensor<ui32>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2xui32>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui32>
  func.return
}

// -----

func.func @reduce_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %init = stablehlo.constant dense<0> : tensor<ui64>
  %low = stablehlo.constant dense<0> : tensor<ui64>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2xui64>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui64>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<3xui64>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui64>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %s = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }) : (tensor<2x3xui64>, tensor<ui64>) -> tensor<ui64>
  check.expect_eq_const %all, dense<21> : tensor<ui64>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2xui64>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui64>
  func.return
}

// -----

func.func @reduce_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<f32>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %r1, dense<[5.0, 10.0]> : tensor<2xf32>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r0, dense<[3.0, 6.0, 6.0]> : tensor<3xf32>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %all, dense<15.0> : tensor<f32>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @reduce_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %init = stablehlo.constant dense<0.0> : tensor<f64>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<f64>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2xf64>
  check.expect_eq_const %r1, dense<[5.0, 10.0]> : tensor<2xf64>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf64>, tensor<f64>) -> tensor<3xf64>
  check.expect_eq_const %r0, dense<[3.0, 6.0, 6.0]> : tensor<3xf64>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<2x3xf64>, tensor<f64>) -> tensor<f64>
  check.expect_eq_const %all, dense<15.0> : tensor<f64>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2xf64>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xf64>
  func.return
}

// -----

func.func @reduce_variadic_argmax_f32() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0], [7.0, -2.0, 7.0]]> : tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare  LT, %b, %d,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[5.0, 7.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @reduce_variadic_generic_i64() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %y = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = "stablehlo.reduce"(%x, %y, %z, %one) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>, %d: tensor<i64>):
    %s = stablehlo.add %a, %c : tensor<i64>
    %p = stablehlo.multiply %b, %d : tensor<i64>
    stablehlo.return %s, %p : tensor<i64>, tensor<i64>
  }) : (tensor<2x2xi64>, tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> (tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %r#0, dense<[4, 6]> : tensor<2xi64>
  check.expect_eq_const %r#1, dense<[35, 48]> : tensor<2xi64>
  func.return
}
