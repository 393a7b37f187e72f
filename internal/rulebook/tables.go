package rulebook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// parseTables validates pay tables written in file against the game's specs and
// adds them to into. A table that already exists there is an error: a house
// adds tables under new names, it does not redefine the game's.
func parseTables(file string, defs games.TableDefs, specs []games.TableSpec, into games.Tables) error {
	kinds := make([]string, 0, len(defs))
	for k := range defs {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, kind := range kinds {
		i := slices.IndexFunc(specs, func(s games.TableSpec) bool { return s.Kind == kind })
		if i < 0 {
			return errf(file, "paytables."+kind, "unknown kind of pay table (known: "+specKinds(specs)+")")
		}
		spec := specs[i]
		names := make([]string, 0, len(defs[kind]))
		for n := range defs[kind] {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, name := range names {
			key := "paytables." + kind + "." + name
			if _, dup := into.Lookup(kind, name); dup {
				return errf(file, key, "a "+kind+" table with this name already exists")
			}
			pt, err := parseTable(file, key, kind, name, defs[kind][name], spec)
			if err != nil {
				return err
			}
			if into[kind] == nil {
				into[kind] = map[string]games.PayTable{}
			}
			into[kind][name] = pt
		}
	}
	return nil
}

func parseTable(file, key, kind, name string, rows map[string]string, spec games.TableSpec) (games.PayTable, error) {
	for r := range rows {
		if !slices.Contains(spec.Rows, r) {
			return games.PayTable{}, errf(file, key+"."+r, "unknown row (rows of a "+kind+" table: "+strings.Join(spec.Rows, ", ")+")")
		}
	}
	pt := games.PayTable{Kind: kind, Name: name}
	for _, r := range spec.Rows {
		text, ok := rows[r]
		if !ok {
			if slices.Contains(spec.Optional, r) {
				continue
			}
			return games.PayTable{}, errf(file, key+"."+r, "missing row: every "+kind+" table pays "+r)
		}
		row := games.PayRow{Key: r}
		var err error
		if spec.Progressive {
			row, err = parseProgressiveRow(r, text)
		} else {
			row.Odds, err = games.ParseOdds(text)
		}
		if err != nil {
			return games.PayTable{}, errf(file, key+"."+r, err.Error())
		}
		pt.Rows = append(pt.Rows, row)
	}
	return pt, nil
}

// parseProgressiveRow reads a share of the jackpot meter ("100%", "12.5%") or
// a fixed amount ("500").
func parseProgressiveRow(key, text string) (games.PayRow, error) {
	row := games.PayRow{Key: key}
	if pct, ok := strings.CutSuffix(strings.TrimSpace(text), "%"); ok {
		m, err := games.ParseMoney(pct) // hundredths, like money: "12.5" → 1250
		if err != nil || m <= 0 || m > 100*games.Unit {
			return row, fmt.Errorf("bad meter share %q: want a percentage from 0.01%% to 100%%", text)
		}
		row.Percent = int64(m)
		return row, nil
	}
	m, err := games.ParseMoney(text)
	if err != nil || m <= 0 {
		return row, fmt.Errorf("bad progressive pay %q: want a share of the meter (\"10%%\") or an amount (\"500\")", text)
	}
	row.Amount = m
	return row, nil
}

func specKinds(specs []games.TableSpec) string {
	var ks []string
	for _, s := range specs {
		ks = append(ks, s.Kind)
	}
	return strings.Join(ks, ", ")
}
