package server

import "github.com/dealerkiosk/trainer/internal/drills"

// SayWhy writes why in l's language from the catalogues, as the rules
// approval page does, and whether every id was found: for the tests that
// hold the English catalogue to rulebook's and edge's own words.
var SayWhy = drills.WhyIn
