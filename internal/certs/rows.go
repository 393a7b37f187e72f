package certs

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Rows judges every active trainee's certification at site (every site's
// for 0) in each of games, or in game alone when it is not "", noting
// expiries seen for the first time (NoticeExpiry). Rows come by trainee
// name, then in the order of games.
func (c *Certs) Rows(ctx context.Context, site int64, game string, games []string) ([]Row, error) {
	users, err := c.DB.ListUsers(ctx, trainer.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true, SiteID: site})
	if err != nil {
		return nil, err
	}
	byKey, err := c.Records(ctx, game)
	if err != nil {
		return nil, err
	}
	var out []Row
	for _, u := range users {
		for _, g := range games {
			if game != "" && g != game {
				continue
			}
			rec, ok := byKey[Key{User: u.ID, Game: g}]
			if !ok {
				rec = trainer.CertRecord{UserID: u.ID, Game: g}
			}
			st := c.Status(rec, g)
			if st.ExpiryUnrecorded {
				if st, err = c.NoticeExpiry(ctx, rec, st); err != nil {
					return nil, err
				}
			}
			row := Row{User: u, Game: g, Status: st}
			if done := records.Completion(rec); done != nil {
				row.Completed = done.At
			}
			out = append(out, row)
		}
	}
	return out, nil
}
