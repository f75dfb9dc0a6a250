// libyaml, the YAML parser of PyYAML and Ruby's Psych: its event API, read as a stream.
#include <yaml.h>
