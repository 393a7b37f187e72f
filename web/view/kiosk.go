package view

import (
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Kiosk is what the views know of the kiosk they show: the rules it plays
// (its book and house) and the drills it asks. It holds no store: the
// handlers read the store and hand the views what they read.
type Kiosk struct {
	Book  *rulebook.Book
	House *rulebook.House
	// Plan rebuilds and lists the drills of the practice pages; Gen deals
	// the instructors' samples (the content page).
	Plan *practice.Planner
	Gen  *drills.Generator
}
