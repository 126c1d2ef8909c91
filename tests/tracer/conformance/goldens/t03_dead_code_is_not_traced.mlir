builtin.module {
  func.func @t03_dead_code_is_not_traced(%x: i32) -> i32 {
    func.return %x : i32
  }
}
