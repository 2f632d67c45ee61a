# Shared words. Variables: see each message.
plural-test = { $count ->
    [one] { $count } gem
   *[other] { $count } gems
}
