// EXIT: 2
// Two public functions and no @main: the entry is ambiguous.
func.func @first() {
  func.return
}
func.func @second() {
  func.return
}
