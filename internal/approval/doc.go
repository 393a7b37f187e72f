// Package approval keeps what the rules versions' approval page computes
// from the versions the store recorded: the version a version's changes
// are read against (Base), each version's rules loaded again from its
// stored files, and each changed wager's house edge under them, computed
// once per version and kept for the life of the process. It knows nothing
// of HTTP or of words: the server reads the versions from the store and
// asks, and web/view says the figures in the reader's language. The pay
// tables' own page computes its figures in the background (package figure).
package approval
