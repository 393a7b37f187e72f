package trainer

// UserFilter narrows ListUsers. Zero values match everything.
type UserFilter struct {
	Role       Role // "" for every role
	ActiveOnly bool
}
