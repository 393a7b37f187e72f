package rulebook

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// DefaultHouse is the house that carries every default of RULES.md; every
// other house starts from it.
const DefaultHouse = "default"

// GameSlugs lists the games in the order the kiosk shows them.
var GameSlugs = []string{uth.Slug, oracle.Slug, thrill.Slug, lunar.Slug}

// Book is the validated content of content/rules.
type Book struct {
	// Version identifies the exact rules content: a hash of every file, so
	// that a drill or an exam records which rules it was built on.
	Version string
	Games   map[string]*Game
	Houses  map[string]*House
	// Files holds every file Version hashes (path → content): the kiosk
	// keeps a copy of each version it runs with, so that an old attempt or
	// exam can be rebuilt exactly as it was (Snapshot).
	Files map[string][]byte
}

// Game is one game's own data: its name and its named pay tables.
type Game struct {
	Slug   string
	Name   string
	Tables games.Tables
}

// House is one house's configuration: table-wide settings and each game's
// Settings with its pay tables resolved.
type House struct {
	Name string // the folder's name: "default", as in -house and the database
	// Title is the name people read, house.toml's `title`: "Demo casino".
	// It heads every page, certificate, transcript and programme, and the
	// books call the house by it.
	Title string
	// Logo is the house's logo file (house.toml's `logo`), or nil.
	Logo     *Logo
	Currency string
	// Language is the tag of the language the kiosk speaks to the house's
	// users who have not chosen one (house.toml's `language`): "en", "it"
	// or "ru", one of i18n.Offered.
	Language string
	Rounding games.Rounding
	Chips    []Chip
	Limits   map[string]Limits // by game slug

	UTH    *uth.Settings
	Oracle *oracle.Settings
	Thrill *thrill.Settings
	Lunar  *lunar.Settings

	// Procedures are the house's ruling situations and sequences of play
	// (procedures.go), with its own procedures.toml applied.
	Procedures *Procedures

	// Certification is each game's certification standard for this house
	// (certification.go), by game slug.
	Certification map[string]*Standard

	// Records are the house's settings for the records a regulator
	// inspects, and Programmes each game's training programme (records.go),
	// by game slug.
	Records    *Records
	Programmes map[string]*Programme

	// Books are the house's rule books (books.go, package book), by game
	// slug: what every citation of the kiosk points into.
	Books map[string]*book.Book
	// Translations are the same books in every other language the kiosk
	// offers, by language and game slug (BookIn): the same sections and
	// numbers, each in that language where it is translated.
	Translations map[string]map[string]*book.Book
}

// Chip is one denomination of the house's chip set.
type Chip struct {
	Value   games.Money `toml:"value"`
	Label   string      `toml:"label"`
	Colour  string      `toml:"colour"`
	Pattern string      `toml:"pattern"`
}

// Limits are a game's table limits on the main wager.
type Limits struct {
	Min games.Money `toml:"min"`
	Max games.Money `toml:"max"`
}

// houseFile is houses/<name>/house.toml.
type houseFile struct {
	Name         string            `toml:"name"`
	Title        string            `toml:"title"`
	Logo         string            `toml:"logo"`
	Currency     string            `toml:"currency"`
	Language     string            `toml:"language"`
	SmallestChip games.Money       `toml:"smallest_chip"`
	Rounding     string            `toml:"rounding"`
	Chips        []Chip            `toml:"chips"`
	Limits       map[string]Limits `toml:"limits"`
}

// gameFile is games/<slug>.toml.
type gameFile struct {
	Game      string          `toml:"game"`
	Name      string          `toml:"name"`
	PayTables games.TableDefs `toml:"paytables"`
}

// House returns the named house, or an error listing the houses there are.
func (b *Book) House(name string) (*House, error) {
	if name == "" {
		name = DefaultHouse
	}
	h, ok := b.Houses[name]
	if !ok {
		return nil, fmt.Errorf("no house %q (known: %s)", name, strings.Join(b.HouseNames(), ", "))
	}
	return h, nil
}

// HouseNames lists the houses, default first.
func (b *Book) HouseNames() []string {
	var out []string
	for n := range b.Houses {
		if n != DefaultHouse {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return append([]string{DefaultHouse}, out...)
}

// Load reads and validates content/rules from fsys (rules.FS, os.DirFS or an
// Overlay of both). Every error names the file and key at fault.
func Load(fsys fs.FS) (*Book, error) {
	b, err := load(fsys)
	if err != nil {
		return nil, fmt.Errorf("rulebook.Load: %w", err)
	}
	return b, nil
}

func load(fsys fs.FS) (*Book, error) {
	sum, files, err := hashFS(fsys)
	if err != nil {
		return nil, err
	}
	b := &Book{Version: sum[:12], Games: map[string]*Game{}, Houses: map[string]*House{}, Files: files}
	specs := map[string][]games.TableSpec{
		uth.Slug: uth.TableSpecs, oracle.Slug: oracle.TableSpecs,
		thrill.Slug: thrill.TableSpecs, lunar.Slug: lunar.TableSpecs,
	}
	for _, slug := range GameSlugs {
		g, err := loadGame(fsys, slug, specs[slug])
		if err != nil {
			return nil, err
		}
		b.Games[slug] = g
	}
	entries, err := fs.ReadDir(fsys, "houses")
	if err != nil {
		return nil, errf("houses", "", "cannot list the houses: "+err.Error())
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		h, err := loadHouse(fsys, e.Name(), b.Games, specs)
		if err != nil {
			return nil, err
		}
		b.Houses[h.Name] = h
	}
	if b.Houses[DefaultHouse] == nil {
		return nil, errf("houses/default", "", "the default house is missing")
	}
	if err := loadProcedures(fsys, b); err != nil {
		return nil, err
	}
	if err := loadBooks(fsys, b); err != nil {
		return nil, err
	}
	return b, nil
}

func loadGame(fsys fs.FS, slug string, specs []games.TableSpec) (*Game, error) {
	file := "games/" + slug + ".toml"
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, errf(file, "", "cannot read: "+err.Error())
	}
	var gf gameFile
	if err := decodeStrict(file, data, &gf); err != nil {
		return nil, err
	}
	if gf.Game != slug {
		return nil, errf(file, "game", fmt.Sprintf("is %q, want %q", gf.Game, slug))
	}
	if gf.Name == "" {
		return nil, errf(file, "name", "is empty")
	}
	g := &Game{Slug: slug, Name: gf.Name, Tables: games.Tables{}}
	if err := parseTables(file, gf.PayTables, specs, g.Tables); err != nil {
		return nil, err
	}
	return g, nil
}

func loadHouse(fsys fs.FS, name string, gs map[string]*Game, specs map[string][]games.TableSpec) (*House, error) {
	dir := "houses/" + name
	hf := houseFile{Limits: map[string]Limits{}}
	if err := decodeLayer(fsys, path.Join("houses", DefaultHouse, "house.toml"), dir+"/house.toml", name, &hf, false); err != nil {
		return nil, err
	}
	file := dir + "/house.toml"
	if hf.Name != name {
		return nil, errf(file, "name", fmt.Sprintf("is %q but the folder is %q", hf.Name, name))
	}
	h := &House{Name: name, Title: strings.TrimSpace(hf.Title), Currency: hf.Currency, Language: hf.Language,
		Chips: hf.Chips, Limits: hf.Limits}
	if !i18n.IsOffered(h.Language) {
		return nil, errf(keyFile(fsys, file, path.Join("houses", DefaultHouse, "house.toml"), "language"), "language",
			fmt.Sprintf("%q is not a language the kiosk offers (%s)", h.Language, offeredTags()))
	}
	// The name and the logo are the house's own: another house does not
	// take the default house's. Without a title of its own a house is
	// called by its folder's name; without a logo it shows none.
	own := func(key string) bool {
		return name == DefaultHouse || keyFile(fsys, file, path.Join("houses", DefaultHouse, "house.toml"), key) == file
	}
	if !own("title") {
		h.Title = name
	}
	if h.Title == "" {
		return nil, errf(file, "title", "is empty: the house's name as people read it (\"Demo casino\")")
	}
	if hf.Logo != "" && own("logo") {
		logo, err := readLogo(fsys, dir, hf.Logo)
		if err != nil {
			return nil, errf(file, "logo", err.Error())
		}
		h.Logo = logo
	}
	if hf.SmallestChip <= 0 {
		return nil, errf(file, "smallest_chip", "must be more than 0")
	}
	mode, err := games.ParseRoundingMode(hf.Rounding)
	if err != nil {
		return nil, errf(keyFile(fsys, file, path.Join("houses", DefaultHouse, "house.toml"), "rounding"), "rounding", err.Error())
	}
	h.Rounding = games.Rounding{Chip: hf.SmallestChip, Mode: mode}
	if len(h.Chips) == 0 {
		return nil, errf(file, "chips", "the house needs at least one chip")
	}
	for i, c := range h.Chips {
		key := fmt.Sprintf("chips[%d]", i)
		switch {
		case c.Value <= 0:
			return nil, errf(file, key+".value", "must be more than 0")
		case c.Label == "" || c.Colour == "" || c.Pattern == "":
			return nil, errf(file, key, "needs a label, a colour and a pattern")
		case i > 0 && c.Value <= h.Chips[i-1].Value:
			return nil, errf(file, key+".value", "chips are listed smallest first")
		case c.Value%hf.SmallestChip != 0:
			return nil, errf(file, key+".value", "is not a multiple of smallest_chip")
		}
	}
	for _, slug := range GameSlugs {
		l, ok := h.Limits[slug]
		if !ok {
			return nil, errf(file, "limits."+slug, "missing: every game needs table limits")
		}
		if l.Min <= 0 || l.Max < l.Min {
			return nil, errf(file, "limits."+slug, "needs 0 < min ≤ max")
		}
	}
	for slug := range h.Limits {
		if !slices.Contains(GameSlugs, slug) {
			return nil, errf(file, "limits."+slug, "unknown game")
		}
	}
	if h.UTH, err = loadSettings[uth.Settings](fsys, name, gs[uth.Slug], specs[uth.Slug]); err != nil {
		return nil, err
	}
	if h.Oracle, err = loadSettings[oracle.Settings](fsys, name, gs[oracle.Slug], specs[oracle.Slug]); err != nil {
		return nil, err
	}
	if h.Thrill, err = loadSettings[thrill.Settings](fsys, name, gs[thrill.Slug], specs[thrill.Slug]); err != nil {
		return nil, err
	}
	if h.Lunar, err = loadSettings[lunar.Settings](fsys, name, gs[lunar.Slug], specs[lunar.Slug]); err != nil {
		return nil, err
	}
	// games.CapBox cuts a box's winnings to exactly the cap, after each payout
	// is rounded: a cap in whole smallest chips keeps every capped pay in chips.
	for i, limit := range []games.Money{h.UTH.MaxPayoutPerBox, h.Oracle.MaxPayoutPerBox, h.Thrill.MaxPayoutPerBox, h.Lunar.MaxPayoutPerBox} {
		if limit%hf.SmallestChip != 0 {
			f := keyFile(fsys, path.Join(dir, GameSlugs[i]+".toml"), path.Join("houses", DefaultHouse, GameSlugs[i]+".toml"), "max_payout_per_box")
			return nil, errf(f, "max_payout_per_box", fmt.Sprintf("%s is not a whole number of the smallest chip (%s)", limit, hf.SmallestChip))
		}
	}
	if h.Certification, err = loadCertification(fsys, name); err != nil {
		return nil, err
	}
	if h.Records, err = loadRecords(fsys, name); err != nil {
		return nil, err
	}
	if h.Programmes, err = loadProgrammes(fsys, name, h.Certification); err != nil {
		return nil, err
	}
	return h, nil
}

// decodeLayer decodes the default house's file into v and then, for another
// house, that house's file (if it has one) over it. With complete set, the
// default house's file must set every key of v.
func decodeLayer(fsys fs.FS, defFile, file, house string, v any, complete bool) error {
	data, err := fs.ReadFile(fsys, defFile)
	if err != nil {
		return errf(defFile, "", "cannot read: "+err.Error())
	}
	if err := decodeStrict(defFile, data, v); err != nil {
		return err
	}
	if complete {
		have, err := keysOf(data)
		if err != nil {
			return errf(defFile, "", err.Error())
		}
		for _, k := range settingKeys(reflect.TypeOf(v).Elem(), "") {
			if !have[k] {
				return errf(defFile, k, "missing: the default house sets every setting")
			}
		}
	}
	if house == DefaultHouse {
		return nil
	}
	data, err = fs.ReadFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return errf(file, "", "cannot read: "+err.Error())
	}
	return decodeStrict(file, data, v)
}

type resolver interface {
	Resolve(games.Tables) error
}

// loadSettings builds one game's Settings for a house: the default house's
// file, the house's file over it, the house's own pay tables, then Resolve.
func loadSettings[S any, P interface {
	*S
	resolver
}](fsys fs.FS, house string, g *Game, specs []games.TableSpec) (*S, error) {
	defFile := path.Join("houses", DefaultHouse, g.Slug+".toml")
	file := path.Join("houses", house, g.Slug+".toml")
	var s S
	if err := decodeLayer(fsys, defFile, file, house, P(&s), true); err != nil {
		return nil, err
	}
	tables := games.Tables{}
	for kind, byName := range g.Tables {
		tables[kind] = map[string]games.PayTable{}
		for n, t := range byName {
			tables[kind][n] = t
		}
	}
	own := defFile
	if house != DefaultHouse {
		own = file
	}
	if data, err := fs.ReadFile(fsys, own); err == nil {
		var hf struct {
			PayTables games.TableDefs `toml:"paytables"`
		}
		if err := decodeLoose(own, data, &hf); err != nil {
			return nil, err
		}
		if err := parseTables(own, hf.PayTables, specs, tables); err != nil {
			return nil, err
		}
	}
	if err := P(&s).Resolve(tables); err != nil {
		var fe *games.FieldError
		if errors.As(err, &fe) {
			return nil, errf(keyFile(fsys, file, defFile, fe.Field), fe.Field, fe.Msg)
		}
		return nil, errf(file, "", err.Error())
	}
	return &s, nil
}

// keyFile tells which file set key: the house's own file if it sets it, else the default's.
func keyFile(fsys fs.FS, file, defFile, key string) string {
	if data, err := fs.ReadFile(fsys, file); err == nil {
		if have, err := keysOf(data); err == nil && have[key] {
			return file
		}
	}
	return defFile
}

// hashFS hashes every rules file of fsys (hashed), in path order, and
// returns the hash with the files themselves.
func hashFS(fsys fs.FS) (string, map[string][]byte, error) {
	h := sha256.New()
	files := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !hashed(p) {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(data))
		h.Write(data)
		files[p] = data
		return nil
	})
	if err != nil {
		return "", nil, errf(".", "", "cannot read the rules: "+err.Error())
	}
	return hex.EncodeToString(h.Sum(nil)), files, nil
}

// Digest returns the whole hash of the rules files of fsys, whose first
// twelve digits are the Version Load gives them, without loading them: what
// a kiosk recognises rules it has validated before by (cmd/trainer).
func Digest(fsys fs.FS) (string, error) {
	sum, _, err := hashFS(fsys)
	if err != nil {
		return "", fmt.Errorf("rulebook.Digest: %w", err)
	}
	return sum, nil
}

// hashed tells the files that make a rules version: the TOML data, the rule
// books (.md) and a house's logo. A change to any of them is a new version
// that a manager approves.
func hashed(p string) bool {
	switch path.Ext(p) {
	case ".toml", ".md":
		return true
	case ".png", ".svg":
		return strings.HasPrefix(p, "houses/")
	}
	return false
}

// offeredTags lists the languages a house may choose: "en, it, ru".
func offeredTags() string {
	var tags []string
	for _, l := range i18n.Offered {
		tags = append(tags, l.Tag)
	}
	return strings.Join(tags, ", ")
}
