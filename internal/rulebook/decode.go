package rulebook

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// decodeStrict decodes TOML into v, refusing keys v has no field for. The
// error names the file and the first offending key.
func decodeStrict(file string, data []byte, v any) error {
	d := toml.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	err := d.Decode(v)
	if err == nil {
		return nil
	}
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := sm.Errors[0]
		line, _ := e.Position()
		key := e.Key()
		msg := fmt.Sprintf("unknown key (line %d)", line)
		if len(key) > 1 && topLevel(v, key[len(key)-1]) {
			// TOML puts every key written after a [table] or [[table]]
			// header into that table: `rounding` below the [[chips]] is a
			// key of the last chip, not of the house.
			msg += fmt.Sprintf("; %q is a top-level key: write it above the first [table] of the file", key[len(key)-1])
		}
		return errf(file, strings.Join(key, "."), msg)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		return errf(file, strings.Join(de.Key(), "."), fmt.Sprintf("%s (line %d)", strings.TrimPrefix(de.Error(), "toml: "), line))
	}
	return errf(file, "", strings.TrimPrefix(err.Error(), "toml: "))
}

// topLevel tells whether name is a top-level key of the struct v points to.
func topLevel(v any, name string) bool {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return false
	}
	for _, f := range reflect.VisibleFields(t) {
		if tag, _, _ := strings.Cut(f.Tag.Get("toml"), ","); f.IsExported() && tag == name {
			return true
		}
	}
	return false
}

// keysOf returns every dotted key path set in a TOML document, tables included.
func keysOf(data []byte) (map[string]bool, error) {
	var m map[string]any
	if err := toml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	out := map[string]bool{}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			out[prefix+k] = true
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+".", sub)
			}
		}
	}
	walk("", m)
	return out, nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// settingKeys lists the TOML keys of a settings struct (nested structs as
// dotted paths), leaving out "paytables" and fields tagged "-".
func settingKeys(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if tag == "-" || tag == "paytables" || !f.IsExported() {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		ft := f.Type
		if ft.Kind() == reflect.Struct && !reflect.PointerTo(ft).Implements(textUnmarshaler) {
			out = append(out, settingKeys(ft, prefix+tag+".")...)
			continue
		}
		out = append(out, prefix+tag)
	}
	slices.Sort(out)
	return out
}

// decodeLoose decodes TOML into v, ignoring keys v has no field for.
func decodeLoose(file string, data []byte, v any) error {
	if err := toml.Unmarshal(data, v); err != nil {
		return errf(file, "", strings.TrimPrefix(err.Error(), "toml: "))
	}
	return nil
}
