package practice

import (
	"context"
	"slices"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ClassGlance is what the class at a glance sums: the classes a manager
// may choose from, the games in scope, each trainee's practice in each
// game over GlanceWindow and each trainee's last answer.
type ClassGlance struct {
	Classes []*trainer.Class
	// Class is the chosen class: nil when none was chosen, or when the
	// one asked for is not among Classes (the manager may not see it).
	Class *trainer.Class
	// Games are the games in scope: of games, the filter's game, narrowed
	// to the chosen class's games.
	Games   []string
	Figures map[GlanceKey]*GlanceFigures
	Active  []trainer.Activity
}

// ReadGlance reads the class at a glance of the classes of site (every
// site's for 0), class chosen (0 for none), in game ("" for every one of
// games), at now: a handful of statements whatever the number of
// trainees.
func (f *Flow) ReadGlance(ctx context.Context, site, class int64, game string, games []string, now time.Time) (ClassGlance, error) {
	var g ClassGlance
	var err error
	if g.Classes, err = f.DB.ListClasses(ctx, trainer.ClassFilter{SiteID: site}); err != nil {
		return g, err
	}
	if i := slices.IndexFunc(g.Classes, func(c *trainer.Class) bool { return c.ID == class }); i >= 0 {
		g.Class = g.Classes[i]
	}
	g.Games = scopeGames(g.Class, game, games)
	gf := trainer.GlanceFilter{SiteID: site, Game: game, Since: now.Add(-GlanceWindow)}
	if g.Class != nil {
		gf.ClassID = g.Class.ID
	}
	as, err := f.DB.GlanceAnswers(ctx, gf)
	if err != nil {
		return g, err
	}
	g.Figures = Glance(as, now)
	g.Active, err = f.DB.LastActive(ctx, gf)
	return g, err
}

// scopeGames are the games of games in scope: game alone when it is not
// "", and of those the chosen class's (c nil: no class chosen).
func scopeGames(c *trainer.Class, game string, games []string) []string {
	var out []string
	for _, g := range games {
		if (game == "" || g == game) && (c == nil || slices.Contains(c.Games, g)) {
			out = append(out, g)
		}
	}
	return out
}

// InScope keeps the rows of rows in g's games and, when a class is
// chosen, of its members.
func (g ClassGlance) InScope(rows []certs.Row) []certs.Row {
	return slices.DeleteFunc(rows, func(r certs.Row) bool {
		return !slices.Contains(g.Games, r.Game) || (g.Class != nil && !slices.Contains(g.Class.Members, r.User.ID))
	})
}
