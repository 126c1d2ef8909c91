builtin.module {
  func.func @t15_is_none_folds(%x: i32) -> i32 {
    func.return %x : i32
  }
}
