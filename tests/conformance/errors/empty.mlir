// EXIT: 2
