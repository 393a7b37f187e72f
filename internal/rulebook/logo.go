package rulebook

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"io/fs"
	"path"
	"strings"
)

// Logo is a house's logo, read and checked at load: the kiosk shows it in
// the header and prints it on certificates, transcripts and the programme.
type Logo struct {
	File string // "houses/default/logo.svg"
	Type string // "image/svg+xml" or "image/png"
	Data []byte
}

// The bounds of a logo: small enough to load on every page of a tablet.
const (
	maxLogoBytes = 256 << 10
	maxLogoSide  = 2048 // pixels, a PNG's width and height
	minLogoSide  = 16
)

// readLogo reads the logo file name of the house folder dir. The error is a
// sentence for the house's author: what is wrong and what is allowed.
func readLogo(fsys fs.FS, dir, name string) (*Logo, error) {
	if name != path.Base(name) || strings.HasPrefix(name, ".") {
		return nil, fmt.Errorf("%q: name a file in the house's folder (\"logo.svg\")", name)
	}
	file := path.Join(dir, name)
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("%q: cannot read %s: %v", name, file, err)
	}
	if len(data) > maxLogoBytes {
		return nil, fmt.Errorf("%q is %d KiB: a logo is at most %d KiB", name, len(data)>>10, maxLogoBytes>>10)
	}
	l := &Logo{File: file, Data: data}
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		l.Type = "image/png"
		c, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%q is not a PNG image: %v", name, err)
		}
		if c.Width > maxLogoSide || c.Height > maxLogoSide || c.Width < minLogoSide || c.Height < minLogoSide {
			return nil, fmt.Errorf("%q is %d×%d pixels: a logo is %d to %d pixels a side", name, c.Width, c.Height, minLogoSide, maxLogoSide)
		}
	case ".svg":
		l.Type = "image/svg+xml"
		if err := checkSVG(data); err != nil {
			return nil, fmt.Errorf("%q: %v", name, err)
		}
	default:
		return nil, fmt.Errorf("%q: a logo is a PNG or SVG file (.png or .svg)", name)
	}
	return l, nil
}

// checkSVG accepts a plain drawing: an <svg> document with no script, no
// event handler, no embedded HTML, no entity and no link outside itself.
// The kiosk serves the logo from its own address, so it must not carry
// anything that runs.
func checkSVG(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	root := true
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			if root {
				return errors.New("not an SVG image (no <svg> element)")
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("not a well-formed SVG image: %v", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if bytes.Contains(bytes.ToUpper(t), []byte("ENTITY")) {
				return errors.New("an SVG logo may not declare entities")
			}
		case xml.StartElement:
			if root && t.Name.Local != "svg" {
				return fmt.Errorf("not an SVG image: it starts with <%s>, not <svg>", t.Name.Local)
			}
			root = false
			switch strings.ToLower(t.Name.Local) {
			case "script", "foreignobject", "iframe", "embed", "object":
				return fmt.Errorf("an SVG logo may not hold <%s>", t.Name.Local)
			}
			for _, a := range t.Attr {
				n := strings.ToLower(a.Name.Local)
				switch {
				case strings.HasPrefix(n, "on"):
					return fmt.Errorf("an SVG logo may not hold event handlers (%s)", a.Name.Local)
				case n == "href" && !strings.HasPrefix(strings.TrimSpace(a.Value), "#"):
					return fmt.Errorf("an SVG logo may not link outside itself (%s=%q)", a.Name.Local, a.Value)
				}
			}
		}
	}
}
