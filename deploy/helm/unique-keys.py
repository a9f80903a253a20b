"""Fails on a YAML mapping that repeats a key. Helm renders such a manifest without complaint and the
schema validators read it last-key-wins, but the API server's strict decoding (and kubectl) refuse it,
so an install would fail where CI passed. Usage: python unique-keys.py rendered.yaml..."""
import sys

import yaml


class UniqueKeyLoader(yaml.SafeLoader):
    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"key {key!r} repeated", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


failed = False
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as stream:
        try:
            documents = sum(1 for _ in yaml.load_all(stream, Loader=UniqueKeyLoader))
        except yaml.YAMLError as error:
            print(f"{path}: {error}", file=sys.stderr)
            failed = True
sys.exit(1 if failed else 0)
