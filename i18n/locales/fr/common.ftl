plural-test = { $count ->
    [one] { $count } gemme
   *[other] { $count } gemmes
}
