module github.com/dealerkiosk/trainer

go 1.26.0

require github.com/pelletier/go-toml/v2 v2.4.3
