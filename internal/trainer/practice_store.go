package trainer

// SessionFilter narrows ListPracticeSessions. Zero values match everything
// but the user.
type SessionFilter struct {
	UserID int64  // required
	Game   string // "" for every game
	Limit  int    // 0 for 50
}
